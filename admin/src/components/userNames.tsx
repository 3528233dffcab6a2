import { Truncate } from './Truncate';
import { Skeleton, Typography } from '@mui/material';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { api } from '../api';
import { unwrap } from '../httpErrors';
import { formatDate } from '@licencias/common/dates';

/**
 * Names of the users who created or changed a record (GET /api/user/GetUserByNameId, header
 * iduser). One call per user id, cached for the whole visit: a table of 30 rows written by two
 * people makes two calls.
 */
const userNameQuery = (id: string) => ({
  queryKey: ['user-names', id],
  queryFn: async () => {
    const { result } = await unwrap(api.GET('/api/user/GetUserByNameId', { params: { header: { iduser: id } } }));
    return result ? `${result.names} ${result.surnames}`.trim() : id;
  },
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
});

/** The names of one user, or the id itself while loading or when the user is unknown. */
export function useUserName(id: string | null | undefined): { name?: string; isPending: boolean } {
  const query = useQuery({ ...userNameQuery(id ?? ''), enabled: !!id });
  if (!id) return { name: undefined, isPending: false };
  if (query.isPending) return { name: undefined, isPending: true };
  return { name: query.data ?? id, isPending: false };
}

const dataOf = (results: { data?: string }[]) => results.map((result) => result.data);

/** Names of many users at once (for searching a table over its audit columns). */
export function useUserNames(ids: readonly (string | null | undefined)[]): ReadonlyMap<string, string> {
  const unique = useMemo(() => [...new Set(ids.filter((id): id is string => !!id))], [ids]);
  const names = useQueries({ queries: unique.map((id) => userNameQuery(id)), combine: dataOf });
  return useMemo(() => {
    const map = new Map<string, string>();
    unique.forEach((id, index) => {
      const name = names[index];
      if (name) map.set(id, name);
    });
    return map;
    // names is structurally shared by react-query: a new array only when a name arrives.
  }, [unique, names]);
}

/** A user's names in a table cell (the record's `source` holds the user id). */
export const UserNameField = ({ source }: { source: 'createdby' | 'modifiedby' }) => {
  const record = useRecordContext<{ createdby?: string | null; modifiedby?: string | null }>();
  const { name, isPending } = useUserName(record?.[source]);
  if (isPending) return <Skeleton variant="text" width="80%" />;
  return <Truncate text={name} lines={3} />;
};

/** Who created or last changed a record, and on which day under the name, in one table cell. */
export const AuditCell = ({ user, date }: { user: string | null; date: string | null }) => {
  const { name, isPending } = useUserName(user);
  return (
    <>
      {isPending ? <Skeleton variant="text" width="80%" /> : <Truncate text={name} lines={2} />}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {formatDate(date)}
      </Typography>
    </>
  );
};

/** 'Creado por … el dd/MM/yyyy · Modificado por … el dd/MM/yyyy' under an edit dialog. */
export const AuditLine = ({ record }: { record: { createdby: string | null; createdon: string; modifiedby: string | null; modifiedon: string | null } }) => {
  const translate = useTranslate();
  const creator = useUserName(record.createdby);
  const modifier = useUserName(record.modifiedby);
  const who = (user: { name?: string; isPending: boolean }) => (user.isPending ? '…' : (user.name ?? '—'));
  const created = translate('app.catalogue.audit_created', { name: who(creator), date: formatDate(record.createdon) });
  const modified = record.modifiedon ? translate('app.catalogue.audit_modified', { name: who(modifier), date: formatDate(record.modifiedon) }) : '';
  return (
    <Typography variant="caption" color="text.secondary" component="p" data-testid="audit-line">
      {modified ? `${created} · ${modified}` : created}
    </Typography>
  );
};
