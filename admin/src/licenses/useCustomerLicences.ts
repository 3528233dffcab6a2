import { useMemo } from 'react';
import { useGetList } from 'react-admin';
import type { Licence } from './licenceForm';

/** A company's licences (newest first, with ranges and balances) and the services' names, as the licence rows and 'Ver bolsas' read them. */
export function useCustomerLicences(customerId: number) {
  const {
    data: licences,
    isPending,
    error,
  } = useGetList<Licence>('licences', {
    filter: { customerId },
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'effectiveAt', order: 'DESC' },
  });
  const { data: services } = useGetList<{ id: number; serviceName: string }>('services', { pagination: { page: 1, perPage: 200 } });
  const serviceName = useMemo(() => (id: number) => services?.find((service) => service.id === id)?.serviceName ?? '', [services]);
  return { licences, isPending, error, serviceName };
}
