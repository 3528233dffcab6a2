import { useMemo } from 'react';
import { useGetList } from 'react-admin';
import type { Channel, PackageType } from './types';

const LOOKUP = { pagination: { page: 1, perPage: 500 }, sort: { field: 'id', order: 'ASC' } } as const;
const CACHED = { staleTime: 5 * 60_000 };

/** Package types 1 BAS, 2 CMB, 3 CMP (GET /api/v1/package-types), and their names by id. */
export function usePackageTypes() {
  const { data, isPending } = useGetList<PackageType>('package-types', LOOKUP, CACHED);
  const names = useMemo(() => new Map((data ?? []).map((type) => [type.id, type.packageTypeName])), [data]);
  return { types: data ?? [], names, isPending };
}

/** Sales channels (GET /api/v1/channels). */
export function useChannels() {
  const { data, isPending } = useGetList<Channel>('channels', LOOKUP, CACHED);
  return { channels: data ?? [], isPending };
}
