import { WorkbookDownloadButton } from '../workbook/WorkbookDownloadButton';
import { fetchConsumptionDetail } from './consumptionExport';

/** 'Detalle de consumo' of 'Ver bolsas': the company's ledger as the server's .xlsx (of the product filtered, when one is). */
export const ConsumptionExportButton = ({ customerId, serviceId }: { customerId: number; serviceId: number | null }) => (
  // At the end of the toolbar.
  <WorkbookDownloadButton
    size="small"
    sx={{ minWidth: 0, ml: { sm: 'auto' } }}
    fetch={(onProgress, signal) => fetchConsumptionDetail(customerId, serviceId, onProgress, signal)}
    label="resources.licences.bags.export"
    exporting="resources.licences.bags.exporting"
    failed="resources.licences.bags.export_failed"
  />
);
