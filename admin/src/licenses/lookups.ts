import { useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { unwrap } from '../httpErrors';

export interface Option {
  id: number;
  name: string;
}

export interface Department extends Option {
  cities: Option[];
}

export interface DocumentTypeOption extends Option {
  /** The short code lists show ('NIT', 'CC'). */
  code: string;
}

/** What the company form picks from: document types, departments with their cities, blocked e-mail domains. */
export interface CompanyLookups {
  documentTypes: DocumentTypeOption[];
  departments: Department[];
  blockedDomains: string[];
  isPending: boolean;
}

const CACHED = { staleTime: 30 * 60_000 };

/** The lookups of the company form, from the calls the spec lists (document types, states and cities, e-mail blacklist). */
export function useCompanyLookups(): CompanyLookups {
  const documentTypes = useQuery({
    queryKey: ['lookups', 'document-types'],
    queryFn: async () =>
      (await unwrap(api.GET('/license/api/parameter/GetAllDocumentTypes'))).result?.records.map((d) => ({
        id: d.id,
        name: d.text,
        code: d.documentTypeCode,
      })) ?? [],
    ...CACHED,
  });
  const departments = useQuery({
    queryKey: ['lookups', 'states-and-cities'],
    queryFn: async () =>
      (await unwrap(api.GET('/license/api/parameter/GetListStatesAndCities'))).result?.statesList.map((state) => ({
        id: state.id,
        name: state.stateName,
        cities: state.city.map((city) => ({ id: city.id, name: city.cityName })),
      })) ?? [],
    ...CACHED,
  });
  const blacklist = useQuery({
    queryKey: ['lookups', 'email-blacklist'],
    queryFn: async () => (await unwrap(api.GET('/mail/api/Mail/emailsInBlackList'))).result?.records.map((r) => r.regla) ?? [],
    ...CACHED,
  });
  return {
    documentTypes: documentTypes.data ?? [],
    departments: departments.data ?? [],
    blockedDomains: blacklist.data ?? [],
    isPending: documentTypes.isPending || departments.isPending || blacklist.isPending,
  };
}

/** 'NIT 900123456-8': the document type's code, the number and, for a NIT, its check digit. */
export function documentText(
  document: { documentTypeId: number | null; documentNumber: string; dv: string | null },
  documentTypes: readonly DocumentTypeOption[],
): string {
  if (!document.documentNumber) return '';
  const type = documentTypes.find((t) => t.id === document.documentTypeId)?.code;
  const number = document.dv ? `${document.documentNumber}-${document.dv}` : document.documentNumber;
  return type ? `${type} ${number}` : number;
}
