/** What the built-in landing page says of each brand; other brands use their description. */
export interface LandingContent {
  headline: string;
  benefits: [string, string][];
}

const CONTENT: Record<string, LandingContent> = {
  colnomina: {
    headline: 'Tu nómina electrónica, lista y transmitida a la DIAN sin complicaciones',
    benefits: [
      ['Nómina electrónica', 'Liquida y transmite los documentos soporte de nómina en minutos.'],
      ['Crece con tu empresa', 'Planes por número de empleados y paquetes adicionales cuando los necesites.'],
      ['Soporte en Colombia', 'Te acompañamos desde la habilitación hasta el primer envío.'],
    ],
  },
  firmaya: {
    headline: 'Firma documentos con validez legal desde cualquier lugar',
    benefits: [
      ['Firma electrónica', 'Envía, firma y guarda contratos sin imprimir un papel.'],
      ['Validación OTP', 'Confirma la identidad de quien firma con un código de un solo uso.'],
      ['Para todo tu equipo', 'Usuarios y firmas según lo que tu empresa necesita.'],
    ],
  },
  bemyself: {
    headline: 'Tu certificado digital de persona natural, en línea',
    benefits: [
      ['Certificado digital', 'Identifícate y firma con un certificado reconocido.'],
      ['Sin filas', 'Solicítalo y actívalo en línea.'],
      ['Siempre disponible', 'Úsalo desde tu computador o tu celular.'],
    ],
  },
};

export function landingContent(appName: string, description: string): LandingContent {
  return (
    CONTENT[appName.toLowerCase()] ?? {
      headline: description,
      benefits: [
        ['Planes a tu medida', 'Elige el plan base y súmale paquetes complementarios cuando quieras.'],
        ['Compra en línea', 'Paga en línea o en efectivo y recibe tu licencia por correo.'],
        ['Tu plan a la vista', "Consulta tus consumos y saldos en 'Mi plan'."],
      ],
    }
  );
}
