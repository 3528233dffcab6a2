/** PENDING: the link was sent; ACTIVATED: the link was followed and the licence granted. */
export const TRIAL_STATES = ['PENDING', 'ACTIVATED'] as const;
export type TrialState = (typeof TRIAL_STATES)[number];

/** The brand parameter (STORE, type string) naming the package a trial grants. */
export const TRIAL_PACKAGE_PARAMETER = 'trialPackageCode';

/** Seconds before another link may be sent to the same e-mail of a brand. */
export const TRIAL_RESEND_SECONDS = 60;

/** Texts of the trial: the spec gives '¡Revisa tu Email!'; the others are decided here (docs/architecture.md). */
export const TRIAL_MESSAGES = {
  checkEmail: '¡Revisa tu Email!',
  activated: '¡Tu prueba gratis está activa!',
  unavailable: 'La prueba gratis no está disponible para esta marca.',
  documentUsed: (brand: string) => `Esta empresa ya usó su prueba gratis de ${brand}.`,
  emailUsed: (brand: string) => `Este correo electrónico ya se usó para una prueba gratis de ${brand}.`,
  invalidLink: 'El enlace de activación no es válido.',
  expiredLink: 'El enlace de activación venció. Solicita de nuevo tu prueba gratis.',
  usedLink: 'Este enlace ya fue usado: tu prueba gratis ya está activa.',
  wait: (seconds: number) => `Espera ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'} para solicitar un nuevo enlace.`,
} as const;
