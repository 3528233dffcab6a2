/** Texts of the new-password rules ('Crea tu contraseña'). */
export const PASSWORD_MESSAGES = {
  required: 'Ingresa tu contraseña',
  tooShort: 'La contraseña debe tener al menos 8 caracteres.',
  tooLong: 'La contraseña puede tener máximo 200 caracteres.',
  confirm: 'Confirma tu contraseña',
  mismatch: 'Las contraseñas no coinciden.',
} as const;

/** The length a new password takes: at least 8 characters, at most what sign-in accepts (200). */
export const PASSWORD_LENGTH = { min: 8, max: 200 } as const;

/** The problem of a new password, if any (the server checks the same rule and answers 422). */
export function newPasswordProblem(password: string): string | undefined {
  if (!password) return PASSWORD_MESSAGES.required;
  if ([...password].length < PASSWORD_LENGTH.min) return PASSWORD_MESSAGES.tooShort;
  if ([...password].length > PASSWORD_LENGTH.max) return PASSWORD_MESSAGES.tooLong;
  return undefined;
}

/** The problem of the confirmation field, if any (only the screen has it). */
export function passwordConfirmationProblem(password: string, confirmation: string): string | undefined {
  if (!confirmation) return PASSWORD_MESSAGES.confirm;
  return confirmation === password ? undefined : PASSWORD_MESSAGES.mismatch;
}
