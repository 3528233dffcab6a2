export const MAIL_STATES = ['QUEUED', 'SENT', 'FAILED'] as const;
export type MailState = (typeof MAIL_STATES)[number];

/** The body of a branded e-mail: the layout (logo, colours, footer of the brand) wraps it. */
export interface MailContent {
  /** Shown by mail clients beside the subject. */
  preheader?: string;
  /** The heading. */
  title: string;
  /** Paragraphs of plain text (escaped; blank lines are not needed). */
  paragraphs: string[];
  /** A code shown large (e-mail verification). */
  code?: string;
  /** The main button; its URL is also written out for clients that hide buttons. */
  action?: { label: string; url: string };
  /** Label–value rows (order number, total, ...). */
  details?: { label: string; value: string }[];
  /** Small print under the body. */
  note?: string;
}

/** What MailService.send takes. */
export interface MailInput {
  /** The brand the message speaks for (its name, logo and colours). */
  appName: string;
  to: string;
  subject: string;
  content: MailContent;
  /** What kind of message (at most 60 characters), e.g. `order-placed`; shown in the mailbox. */
  template: string;
  /** Sent once per key (e.g. `order-placed:123`); without one every send is a new message. */
  dedupeKey?: string;
}

/** A ready message: subject and content, to which `send` adds brand, recipient and key. */
export interface MailTemplate {
  template: string;
  subject: string;
  content: MailContent;
}

/**
 * The product's messages, in Spanish, for the domains that send them. `brand` is the brand's
 * display name (ReferenceService brand title). Amounts and dates come formatted by the caller.
 */
export const mailTemplates = {
  emailVerification(brand: string, code: string, minutes: number): MailTemplate {
    return {
      template: 'email-verification',
      subject: `${code} es tu código de verificación de ${brand}`,
      content: {
        preheader: `Tu código de verificación es ${code}`,
        title: 'Verifica tu correo electrónico',
        paragraphs: [`Usa este código para confirmar tu correo electrónico y continuar con tu compra en ${brand}.`],
        code,
        note: `El código vence en ${minutes} minutos y solo se puede usar una vez. Si no solicitaste este código, ignora este mensaje.`,
      },
    };
  },

  orderPlaced(brand: string, order: { reference: string; total: string; paymentMethod: string; summaryUrl?: string }): MailTemplate {
    return {
      template: 'order-placed',
      subject: `Recibimos tu orden de compra ${order.reference}`,
      content: {
        title: '¡Recibimos tu orden de compra!',
        paragraphs: [`Gracias por tu compra en ${brand}. Estos son los datos de tu orden.`],
        details: [
          { label: 'Orden', value: order.reference },
          { label: 'Total', value: order.total },
          { label: 'Medio de pago', value: order.paymentMethod },
        ],
        action: order.summaryUrl ? { label: 'Ver resumen de compra', url: order.summaryUrl } : undefined,
      },
    };
  },

  /** With `password` (a company the store just gave a user): the 'Crea tu contraseña' link instead of the app's. */
  activation(
    brand: string,
    activation: { appUrl: string; productName: string; password?: { url: string; userName: string; validHours: number } },
  ): MailTemplate {
    const password = activation.password;
    return {
      template: 'activation',
      subject: `Tu licencia de ${brand} está activa`,
      content: {
        title: '¡Tu licencia está activa!',
        paragraphs: password
          ? [
              `Ya puedes usar ${activation.productName}. Tu usuario es ${password.userName}.`,
              'Crea tu contraseña para ingresar a Mi Plan.',
              `Después ingresa en ${activation.appUrl}`,
            ]
          : [`Ya puedes usar ${activation.productName}. Ingresa a la aplicación con tu correo electrónico.`],
        action: password ? { label: 'Crea tu contraseña', url: password.url } : { label: `Ir a ${brand}`, url: activation.appUrl },
        ...(password ? { note: `El enlace vence en ${password.validHours} horas y se puede usar una sola vez.` } : {}),
      },
    };
  },

  trialLink(brand: string, trial: { url: string; validMinutes: number }): MailTemplate {
    return {
      template: 'trial-link',
      subject: `Activa tu prueba gratis de ${brand}`,
      content: {
        title: `¡Prueba ${brand} gratis!`,
        paragraphs: ['Haz clic en el botón para activar tu prueba gratuita.'],
        action: { label: 'Activar mi prueba', url: trial.url },
        note: `El enlace vence en ${trial.validMinutes} minutos. Si no lo solicitaste, ignora este mensaje.`,
      },
    };
  },

  paymentRejected(brand: string, rejection: { reference: string; reason: string; summaryUrl?: string }): MailTemplate {
    return {
      template: 'payment-rejected',
      subject: `Tu pago de la orden ${rejection.reference} fue rechazado`,
      content: {
        title: 'Tu pago fue rechazado',
        paragraphs: [`Revisamos el comprobante de pago de tu orden en ${brand} y no pudimos aprobarlo.`],
        details: [
          { label: 'Orden', value: rejection.reference },
          { label: 'Motivo', value: rejection.reason },
        ],
        action: rejection.summaryUrl ? { label: 'Adjuntar un nuevo comprobante', url: rejection.summaryUrl } : undefined,
      },
    };
  },

  /** An agreement's bags that reached its alert percentage (one message per agreement and sweep, to each recipient). */
  agreementAlert(
    brand: string,
    alert: {
      contractNumber: string;
      customer: string;
      threshold: number;
      bags: { packageCode: string | null; packageName: string | null; serviceFeatureCode: string; percentageUsed: string; used: string; total: string }[];
    },
  ): MailTemplate {
    const count = alert.bags.length;
    return {
      template: 'agreement-alert',
      subject: `Alerta de consumo del convenio ${alert.contractNumber}: ${count === 1 ? 'una bolsa llegó' : `${count} bolsas llegaron`} al ${alert.threshold}%`,
      content: {
        preheader: `El convenio ${alert.contractNumber} de ${alert.customer} llegó al ${alert.threshold}% de consumo`,
        title: 'Alerta de consumo del convenio',
        paragraphs: [
          `${count === 1 ? 'Una bolsa' : `${count} bolsas`} del convenio ${alert.contractNumber} de ${alert.customer} en ${brand} ${count === 1 ? 'alcanzó' : 'alcanzaron'} el porcentaje de alerta de consumo (${alert.threshold}%).`,
          ...alert.bags.map(
            (b) =>
              `${[b.packageCode, b.packageName].filter(Boolean).join(' - ') || 'Paquete'} · ${b.serviceFeatureCode}: ${b.percentageUsed}% usado (${b.used} de ${b.total}).`,
          ),
        ],
        details: [
          { label: 'Número de contrato', value: alert.contractNumber },
          { label: 'Cliente', value: alert.customer },
          { label: 'Porcentaje de alerta', value: `${alert.threshold}%` },
        ],
        note: 'Recibes este correo como supervisor o gestor comercial del convenio. No se repetirá para estas bolsas hasta que su consumo baje del porcentaje y lo vuelva a alcanzar.',
      },
    };
  },

  identityValidated(brand: string, continueUrl: string, days: number): MailTemplate {
    return {
      template: 'identity-validated',
      subject: `Continúa tu compra en ${brand}`,
      content: {
        preheader: 'Validamos tu identidad: continúa tu compra',
        title: 'No dudamos que seas tú...',
        paragraphs: [`Validamos tu identidad. Usa este enlace para continuar tu compra en ${brand}.`],
        action: { label: 'Continuar mi compra', url: continueUrl },
        note: `El enlace vence en ${days} días. Si no solicitaste esta compra, ignora este mensaje.`,
      },
    };
  },
};
