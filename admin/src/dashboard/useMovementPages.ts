import { useEffect, useMemo, useState } from 'react';
import type { DashboardCustomer } from './customer';
import { useMovementHistory, type DayRange, type Movement, type MovementSource } from './dashboardApi';

/**
 * The movements of a range with the table's paging (§4): the rows arrive 100 at a time, and
 * paging past the rows loaded asks for the next batch while the total is not loaded yet.
 */
export function useMovementPages(customer: DashboardCustomer | undefined, source: MovementSource | undefined, range: DayRange) {
  const history = useMovementHistory(customer, source, range);
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(10);
  // A new search starts on its first page.
  useEffect(() => setPage(0), [range]);
  const pages = history.data?.pages;
  const rows = useMemo<Movement[]>(() => (pages ?? []).flatMap((one) => one?.consumptionDetailHistory ?? []), [pages]);
  const first = pages?.[0] ?? null;
  const total = first?.totalRecords ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isPlaceholderData } = history;
  const needed = Math.min(total, (page + 1) * rowsPerPage);
  useEffect(() => {
    if (!isPlaceholderData && rows.length < needed && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [rows.length, needed, hasNextPage, isFetchingNextPage, fetchNextPage, isPlaceholderData]);
  return {
    history,
    /** The company card and the first batch's answer. */
    first,
    rows,
    total,
    page,
    rowsPerPage,
    setPage,
    setRowsPerPage: (next: number) => {
      setRowsPerPage(next);
      setPage(0);
    },
  };
}
