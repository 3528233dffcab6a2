import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { api } from '../../api';
import { unwrap } from '../../httpErrors';
import type { PackageFormValues } from '../packageForm';

/**
 * Proposes the order when the type or relevance changes: the count of packages of that type and
 * relevance plus one (GET /api/v1/package-types/{id}/next-order). Editing keeps the stored order
 * while type and relevance are the stored ones.
 */
export const OrderAutoFill = ({ original }: { original?: PackageFormValues }) => {
  const { setValue } = useFormContext<PackageFormValues>();
  const [type, relevance] = useWatch<PackageFormValues, ['packageTypeId', 'relevance']>({ name: ['packageTypeId', 'relevance'] });
  const first = useRef(true);
  useEffect(() => {
    const initial = first.current;
    first.current = false;
    if (!type || !relevance) return;
    if (original && original.packageTypeId === type && original.relevance === relevance) {
      if (!initial) setValue('order', original.order, { shouldDirty: true });
      return;
    }
    const controller = new AbortController();
    unwrap(api.GET('/api/v1/package-types/{id}/next-order', { params: { path: { id: type }, query: { relevance } }, signal: controller.signal }))
      .then((answer) => setValue('order', answer.nextOrder, { shouldDirty: !initial }))
      .catch(() => undefined);
    return () => controller.abort();
  }, [type, relevance, original, setValue]);
  return null;
};
