import { useEffect, useMemo, useState } from 'react';
import { useNotify } from 'react-admin';
import { useSearchParams } from 'react-router';
import { bogotaToday } from '@licencias/common/dates';
import { errorBody, errorMessage, errorStatus } from '../components/errors';
import { initialFilter, reportQueryOf, type ReportFilterValues, type ReportQuery } from './reportQuery';
import type { ReportType } from './reportTypes';

/**
 * The filter a report view opens with (its address, the last 90 days) and the query searched:
 * the first one at once when the filter is valid (a company's report needs the company).
 */
export function useReportSearch(type: ReportType): { initial: ReportFilterValues; query: ReportQuery | undefined; search: (query: ReportQuery) => void } {
  const [params] = useSearchParams();
  const initial = useMemo(() => initialFilter(params, bogotaToday()), [params]);
  const [query, setQuery] = useState<ReportQuery | undefined>(() => reportQueryOf(type, initial, bogotaToday()));
  return { initial, query, search: setQuery };
}

/**
 * A report that could not be read says why in a notification (httpErrors' texts): a date the
 * server refused (422, its per-field message), a company that does not exist (404 'La empresa no
 * existe'), or the shell's text for the rest.
 */
export function useReportErrors(error: unknown) {
  const notify = useNotify();
  useEffect(() => {
    if (!error) return;
    const status = errorStatus(error);
    if (status === 422) notify(errorBody(error)?.statusDetails[0]?.description || errorMessage(error), { type: 'warning' });
    else if (status === 404) notify(errorMessage(error), { type: 'warning' });
    else notify(errorMessage(error), { type: 'error' });
  }, [error, notify]);
}

/** What the report's rows have named so far (services, features): the filter keeps offering them after a narrower search. */
export function useSeen<T>(found: readonly T[] | undefined, keyOf: (item: T) => string): T[] {
  const [seen, setSeen] = useState<Map<string, T>>(() => new Map());
  useEffect(() => {
    if (!found?.length) return;
    setSeen((current) => {
      const missing = found.filter((item) => !current.has(keyOf(item)));
      if (!missing.length) return current;
      const next = new Map(current);
      for (const item of missing) next.set(keyOf(item), item);
      return next;
    });
    // keyOf is a plain function of the item: a new one every render must not re-run this.
  }, [found]);
  return useMemo(() => [...seen.values()], [seen]);
}
