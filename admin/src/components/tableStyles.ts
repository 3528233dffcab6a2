/** Rows per page of the admin tables (catalogue-and-dashboards.md §9). */
export const ROWS_PER_PAGE = [10, 20, 30];

/**
 * A table as wide as its card, never wider: fixed layout, so columns take the widths they
 * declare (`sx={{ width }}`) and share the rest, and texts wrap between words or are cut with a
 * tooltip (`Truncate`). The actions column is the last one and always in view, without being
 * drawn over other columns. Lists whose card is narrower than the table needs show their compact
 * form instead (`useNarrow`).
 */
export const fittedTable = {
  '& .MuiTable-root': { tableLayout: 'fixed', width: '100%' },
  '& .MuiTableCell-root': { px: 1, overflowWrap: 'normal', wordBreak: 'normal', fontSize: '0.8125rem' },
  '& .MuiTableCell-root:first-of-type': { pl: 2 },
  '& .MuiTableCell-head': { verticalAlign: 'bottom', lineHeight: 1.3 },
  // The sort arrow sits in the gap beside its label instead of taking a word's width from it.
  '& .MuiTableSortLabel-root': { position: 'relative' },
  '& .MuiTableSortLabel-icon': { position: 'absolute', right: -17, bottom: 2, fontSize: 16, m: 0 },
  '& .MuiTableCell-alignRight .MuiTableSortLabel-icon': { right: 'auto', left: -17 },
  '& .column-actions': { width: 104 },
} as const;

/** Inactive rows are dimmed (their switch and edit button stay usable). */
export const dimInactive = (record: { idstate?: number }) =>
  record.idstate === 1 ? { '& td:not(.column-actions)': { opacity: 0.5 }, bgcolor: 'action.hover' } : {};

/** Column widths in pixels, for `sx` of a DataTable column (padding included). */
export const WIDTH = { date: 104, money: 112, icon: 56, code: 128, short: 96 } as const;
