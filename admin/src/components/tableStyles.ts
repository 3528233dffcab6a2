import type { Theme } from '@mui/material';

/** Rows per page of the admin tables (catalogue-and-dashboards.md §9). */
export const ROWS_PER_PAGE = [10, 20, 30];
/** The actions column stays in view at the right edge while a wide table scrolls. */
export const stickyActions = {
  '& .column-actions': {
    position: 'sticky',
    right: 0,
    zIndex: 1,
    bgcolor: 'background.paper',
    boxShadow: (theme: Theme) => `-1px 0 0 ${theme.palette.divider}`,
  },
} as const;

/** Inactive rows are dimmed (their switch and edit button stay usable). */
export const dimInactive = (record: { idstate?: number }) =>
  record.idstate === 1 ? { '& td:not(.column-actions)': { opacity: 0.5 }, bgcolor: 'action.hover' } : {};
