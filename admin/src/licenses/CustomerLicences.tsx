import type { Customer } from './companyForm';

/**
 * The licences of a company, under its opened row in 'Licencias y consumos' (licence rows with
 * the Activa/Inactiva badge, 'Añadir licencia', 'Editar licencia', 'Ver bolsas'): the slot the
 * licence administration fills. Nothing is shown until it exists (no made-up rows).
 */
export const CustomerLicences = (_props: { customer: Customer }) => null;
