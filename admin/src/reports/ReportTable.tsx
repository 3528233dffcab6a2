import { Box, LinearProgress, Skeleton, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** Rows per page of the report tables (§9: 10/20/30 for most admin tables, 10 by default). */
export const REPORT_ROWS_PER_PAGE = [10, 20, 30];
const FIRST_PAGE_SIZE = 10;

export interface ReportColumn<R> {
  key: string;
  label: string;
  align?: 'left' | 'right';
  /** Hidden on phones (what the row's first cell repeats under it, or a detail). */
  wide?: boolean;
  render: (row: R) => ReactNode;
}

const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;

/**
 * A report's table: Spanish headers, a page of the rows at a time, a thin bar while a new search
 * is read (the previous rows stay), skeleton rows on the first read, and 'No existe información
 * correspondiente a los criterios de búsqueda' when there is nothing.
 */
export function ReportTable<R>({
  title,
  columns,
  rows,
  rowKey,
  loading,
  testId,
}: {
  title: string;
  columns: readonly ReportColumn<R>[];
  rows: readonly R[] | undefined;
  rowKey: (row: R, index: number) => string;
  loading: boolean;
  testId?: string;
}) {
  const translate = useTranslate();
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(FIRST_PAGE_SIZE);
  const total = rows?.length ?? 0;
  const last = Math.max(0, Math.ceil(total / rowsPerPage) - 1);
  const current = Math.min(page, last);
  const shown = rows?.slice(current * rowsPerPage, current * rowsPerPage + rowsPerPage) ?? [];
  return (
    <Box sx={{ position: 'relative', minWidth: 0 }} data-testid={testId}>
      {loading && rows && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2 }} aria-label={translate('ra.page.loading')} />}
      {/* Its width is the card's, whatever the table's: a wide table scrolls inside it, never the page (inline-size containment). */}
      <TableContainer sx={{ overflowX: 'auto', contain: 'inline-size' }}>
        <Table size="small" aria-label={title} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align} sx={{ ...(column.wide ? WIDE_ONLY : {}), fontWeight: 600, verticalAlign: 'bottom' }}>
                  {column.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {!rows &&
              [0, 1, 2].map((row) => (
                <TableRow key={`loading-${row}`}>
                  <TableCell colSpan={columns.length}>
                    <Skeleton height={20} />
                  </TableCell>
                </TableRow>
              ))}
            {shown.map((row, index) => (
              <TableRow key={rowKey(row, current * rowsPerPage + index)} data-testid="report-row">
                {columns.map((column) => (
                  <TableCell
                    key={column.key}
                    align={column.align}
                    sx={{ ...(column.wide ? WIDE_ONLY : {}), overflowWrap: 'break-word', whiteSpace: column.align === 'right' ? 'nowrap' : undefined }}
                  >
                    {column.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {rows && total === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length} sx={{ textAlign: 'center', color: 'text.secondary', py: 3 }} role="status">
                  <Typography variant="body2">{translate('resources.reports.empty')}</Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {total > FIRST_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={total}
          page={current}
          rowsPerPage={rowsPerPage}
          rowsPerPageOptions={REPORT_ROWS_PER_PAGE}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setRowsPerPage(Number(event.target.value));
            setPage(0);
          }}
          labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
          getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
          labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
          sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 1 } }}
        />
      )}
    </Box>
  );
}
