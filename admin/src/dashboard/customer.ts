import { useSearchParams } from 'react-router';
import type { TokenClaims } from '@licencias/common/claims';
import { sessionStore } from '../api';

/** The company whose dashboards are shown: its document type (id) and number. */
export interface DashboardCustomer {
  documentType: number;
  documentNumber: string;
}

const DOCUMENT_NUMBER = /^\S{1,20}$/;

/** A document type and number read from texts (a query string, the token), or undefined when they are not one. */
export function customerOf(type: string | null | undefined, number: string | null | undefined): DashboardCustomer | undefined {
  const documentType = Number(type);
  const documentNumber = number?.trim() ?? '';
  if (!Number.isSafeInteger(documentType) || documentType < 1 || !DOCUMENT_NUMBER.test(documentNumber)) return undefined;
  return { documentType, documentNumber };
}

/**
 * Whose dashboards: a signed-in customer sees its own company (the token's customer_type and
 * customer_value, catalogue-and-dashboards.md §3), whatever the address says; staff the company
 * named by `?documentType=&documentNumber=` (opened from 'Licencias y consumos').
 */
export function dashboardCustomer(claims: TokenClaims | undefined, params: URLSearchParams): DashboardCustomer | undefined {
  if (claims?.customer_type && claims.customer_value) return customerOf(claims.customer_type, claims.customer_value);
  return customerOf(params.get('documentType'), params.get('documentNumber'));
}

export function useDashboardCustomer(): DashboardCustomer | undefined {
  const [params] = useSearchParams();
  return dashboardCustomer(sessionStore.claims(), params);
}

/** The query string that names the company (and any more of the screen's parameters). */
export function customerQuery(customer: DashboardCustomer, more: Record<string, string | number | boolean | null | undefined> = {}): string {
  const query = new URLSearchParams({ documentType: String(customer.documentType), documentNumber: customer.documentNumber });
  for (const [key, value] of Object.entries(more)) if (value !== null && value !== undefined && value !== '') query.set(key, String(value));
  return query.toString();
}

/** Where the back arrows and the redirects go: the company's 'Productos adquiridos'. */
export const dashboardPath = (customer: DashboardCustomer | undefined) => (customer ? `/dashboard?${customerQuery(customer)}` : '/dashboard');
