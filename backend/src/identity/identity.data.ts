import { CUSTOMER_APP, STAFF_APP } from '@licencias/common/claims';

/**
 * Commercial managers of each product's agreements (licences §6: LICENSE_{product}_COMERCIALMANAGER,
 * read through the user-by-role call): the demo products' keys.
 */
const COMMERCIAL_MANAGERS: Record<string, string> = Object.fromEntries(
  ['COLNOMINA', 'FIRMAYA', 'COLFACTURA', 'FIRMAMAIL', 'BEMYSELF'].map((p) => [`LICENSE_${p}_COMERCIALMANAGER`, `Gestor comercial de convenios de ${p}`]),
);

/** Privileges of the product (licences-and-agreements.md §6 and the §6 of the other specs). */
export const PRIVILEGES: Record<string, string> = {
  BACKOFFICE: 'Acceso al back office de licencias',
  LICENSE_FULL_ACCESS: 'Acceso total al back office de licencias',
  PACKAGES: 'Administración de paquetes',
  CONFIGURATION: 'Configuración del catálogo',
  LICENSES: 'Licencias y consumos',
  REPORTS: 'Informes',
  PAYMENTS_READ: 'Consultar pagos',
  PAYMENTS_APPROVE: 'Aprobar o rechazar pagos en efectivo',
  PAYMENTS_MODIFY: 'Modificar pagos',
  LICENSE_PROMOCODE_CREATE: 'Crear códigos promocionales',
  LICENSE_PROMOCODE_MODIFY: 'Modificar códigos promocionales',
  LICENSE_PROMOCODE_READ: 'Consultar códigos promocionales',
  LICENSE_PROMOCODE_DELETE: 'Inactivar códigos promocionales',
  CONTRACT_CREATE: 'Crear convenios',
  CONTRACT_MODIFY: 'Modificar convenios',
  CONTRACT_MODIFYDATES: 'Modificar fechas de convenios vencidos',
  LICENSE_CONTRACT_ALLPRODUCTS: 'Ver todos los productos en convenios',
  DASHBOARD_EXPORTEXCEL: 'Exportar a Excel',
  USERS_ADMIN: 'Administrar usuarios',
  API_CLIENTS: 'Administrar los clientes API de los socios',
  MAILBOX: 'Ver el buzón de correo de desarrollo',
  CUSTOMER_PORTAL: 'Consultar el plan y consumos de la propia empresa',
  ...COMMERCIAL_MANAGERS,
};

const PROMO = ['LICENSE_PROMOCODE_CREATE', 'LICENSE_PROMOCODE_MODIFY', 'LICENSE_PROMOCODE_READ', 'LICENSE_PROMOCODE_DELETE'];
const PAYMENTS = ['PAYMENTS_READ', 'PAYMENTS_APPROVE', 'PAYMENTS_MODIFY'];

/** The role-to-privilege matrix. */
export const ROLES: { code: string; name: string; app: string; privileges: string[] }[] = [
  { code: 'SUPERADMIN', name: 'Superadministrador', app: STAFF_APP, privileges: Object.keys(PRIVILEGES).filter((p) => p !== 'CUSTOMER_PORTAL') },
  {
    code: 'LICENSECOMERCIAL',
    name: 'Comercial de licencias',
    app: STAFF_APP,
    privileges: ['BACKOFFICE', 'CONFIGURATION', 'LICENSES', ...PROMO, ...Object.keys(COMMERCIAL_MANAGERS)],
  },
  { code: 'LICENSEPROMOCODE', name: 'Gestor de códigos promocionales', app: STAFF_APP, privileges: ['BACKOFFICE', 'CONFIGURATION', ...PROMO] },
  {
    code: 'LICFINANCIERO',
    name: 'Financiero de licencias',
    app: STAFF_APP,
    privileges: ['BACKOFFICE', 'LICENSES', 'REPORTS', 'DASHBOARD_EXPORTEXCEL', ...PAYMENTS],
  },
  { code: 'LICFINANCIEROCONSULTA', name: 'Financiero (consulta)', app: STAFF_APP, privileges: ['BACKOFFICE', 'REPORTS', 'PAYMENTS_READ'] },
  { code: 'CUSTOMER', name: 'Cliente', app: CUSTOMER_APP, privileges: ['CUSTOMER_PORTAL'] },
];

export interface DemoUser {
  username: string;
  names: string;
  surnames: string;
  email: string;
  roleCode: string;
  apps: string[];
  customer?: boolean;
}

export const DEMO_USERS: DemoUser[] = [
  { username: 'superadmin', names: 'Sara', surnames: 'Valencia Mejía', email: 'sara.valencia@licencias.com.co', roleCode: 'SUPERADMIN', apps: [STAFF_APP] },
  {
    username: 'comercial',
    names: 'Carlos',
    surnames: 'Rendón Ospina',
    email: 'carlos.rendon@licencias.com.co',
    roleCode: 'LICENSECOMERCIAL',
    apps: [STAFF_APP],
  },
  { username: 'promocode', names: 'Paula', surnames: 'Ortiz Cárdenas', email: 'paula.ortiz@licencias.com.co', roleCode: 'LICENSEPROMOCODE', apps: [STAFF_APP] },
  { username: 'financiero', names: 'Felipe', surnames: 'Arango Duque', email: 'felipe.arango@licencias.com.co', roleCode: 'LICFINANCIERO', apps: [STAFF_APP] },
  {
    username: 'consulta',
    names: 'Camila',
    surnames: 'Restrepo Gil',
    email: 'camila.restrepo@licencias.com.co',
    roleCode: 'LICFINANCIEROCONSULTA',
    apps: [STAFF_APP],
  },
  {
    username: 'cliente',
    names: 'Andrés',
    surnames: 'Gómez Salazar',
    email: 'compras@elroble.com.co',
    roleCode: 'CUSTOMER',
    apps: [CUSTOMER_APP],
    customer: true,
  },
];
