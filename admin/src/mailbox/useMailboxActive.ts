import { useQuery } from '@tanstack/react-query';
import { HttpError, useDataProvider } from 'react-admin';

/**
 * Whether the development mailbox delivers (no SMTP_URL, not production): the API answers 404
 * otherwise. Asked once per session, and only when the user may read the mailbox.
 */
export function useMailboxActive(allowed: boolean): boolean {
  const dataProvider = useDataProvider();
  const { data } = useQuery({
    queryKey: ['mail-messages', 'mailbox-active'],
    enabled: allowed,
    staleTime: Infinity,
    retry: false,
    queryFn: async () => {
      try {
        await dataProvider.getList('mail-messages', { pagination: { page: 1, perPage: 1 }, sort: { field: 'createdAt', order: 'DESC' }, filter: {} });
        return true;
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return false;
        throw error;
      }
    },
  });
  return allowed && data === true;
}
