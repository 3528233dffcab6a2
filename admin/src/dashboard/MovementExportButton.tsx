import { WorkbookDownloadButton } from '../workbook/WorkbookDownloadButton';
import type { DashboardCustomer } from './customer';
import { fetchMovementsWorkbook, type DayRange, type MovementSource } from './dashboardApi';

/** 'Excel' of 'Movimiento del producto' (§2.6, §6): the range of the filter; disabled while the dates are invalid (§5). */
export const MovementExportButton = ({ customer, source, range }: { customer: DashboardCustomer; source: MovementSource; range: DayRange | undefined }) => (
  <WorkbookDownloadButton
    fetch={range && ((onProgress, signal) => fetchMovementsWorkbook(customer, source, range, onProgress, signal))}
    label="resources.dashboard.movements.excel"
    exporting="resources.dashboard.movements.exporting"
    failed="resources.dashboard.movements.export_failed"
  />
);
