import { Box, LinearProgress, Skeleton, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { bogotaWallClock, formatDate } from '@licencias/common/dates';
import type { Movement } from './dashboardApi';
import { consumptionQuantity } from './format';

/** Rows per page of the movement table (§9: 10/25/50, 10 by default). */
export const MOVEMENT_ROWS_PER_PAGE = [10, 25, 50];

const pad = (n: number) => String(n).padStart(2, '0');

/** 'dd/MM/yyyy HH:mm:ss' of an instant on Bogotá's clock. */
export function movementTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const wall = bogotaWallClock(date);
  return `${formatDate(date)} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`;
}

/** On phones the description folds under the event. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

/**
 * Descripción, Evento, Cantidad, Fecha y hora (§2.6), a page at a time of the rows loaded so far.
 * Rows of the page that have not arrived yet show as skeletons (their batch is being read).
 */
export const MovementsTable = ({
  rows,
  total,
  page,
  rowsPerPage,
  loading,
  onPage,
  onRowsPerPage,
}: {
  rows: readonly Movement[];
  total: number;
  page: number;
  rowsPerPage: number;
  loading: boolean;
  onPage: (page: number) => void;
  onRowsPerPage: (rowsPerPage: number) => void;
}) => {
  const translate = useTranslate();
  const label = (key: string) => translate(`resources.dashboard.movements.${key}`);
  const first = page * rowsPerPage;
  const expected = Math.max(0, Math.min(rowsPerPage, total - first));
  const shown = rows.slice(first, first + rowsPerPage);
  const missing = Math.max(0, expected - shown.length);
  return (
    <Box sx={{ position: 'relative' }}>
      {loading && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2 }} aria-label={translate('ra.page.loading')} />}
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={label('table')} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
          <TableHead>
            <TableRow>
              <TableCell sx={WIDE_ONLY}>{label('description')}</TableCell>
              <TableCell>{label('event')}</TableCell>
              <TableCell align="right">{label('quantity')}</TableCell>
              <TableCell>{label('date')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row, index) => (
              <TableRow key={`${first + index}-${row.consumptionDate}`} data-testid="movement-row">
                <TableCell sx={{ ...WIDE_ONLY, overflowWrap: 'anywhere' }}>{row.serviceFeatureDescription}</TableCell>
                <TableCell>
                  {row.event}
                  <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' }, overflowWrap: 'anywhere' }}>
                    {row.serviceFeatureDescription}
                  </Typography>
                </TableCell>
                <TableCell align="right">{consumptionQuantity(row.quantity)}</TableCell>
                <TableCell>{movementTime(row.consumptionDate)}</TableCell>
              </TableRow>
            ))}
            {Array.from({ length: missing }, (_, index) => (
              <TableRow key={`loading-${index}`} data-testid="movement-row-loading">
                <TableCell colSpan={4}>
                  <Skeleton height={20} />
                </TableCell>
              </TableRow>
            ))}
            {total === 0 && !loading && (
              <TableRow>
                <TableCell colSpan={4} sx={{ textAlign: 'center', color: 'text.secondary', py: 3 }} role="status">
                  {label('empty')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={total === 0 ? 0 : page}
        rowsPerPage={rowsPerPage}
        rowsPerPageOptions={MOVEMENT_ROWS_PER_PAGE}
        onPageChange={(_event, next) => onPage(next)}
        onRowsPerPageChange={(event) => onRowsPerPage(Number(event.target.value))}
        labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
        getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
        labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
        sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 1 } }}
      />
    </Box>
  );
};
