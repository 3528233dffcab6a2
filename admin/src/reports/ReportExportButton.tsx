import { WorkbookDownloadButton } from '../workbook/WorkbookDownloadButton';
import { fetchReportWorkbook } from './reportApi';
import type { ReportQuery } from './reportQuery';
import type { ReportType } from './reportTypes';

/** A report's 'Excel' (§6): the filter's query; disabled while the filter is invalid (§5). */
export const ReportExportButton = ({ type, query }: { type: ReportType; query: ReportQuery | undefined }) => (
  <WorkbookDownloadButton
    fetch={query && ((onProgress, signal) => fetchReportWorkbook(type, query, onProgress, signal))}
    label="resources.reports.excel"
    exporting="resources.reports.exporting"
    failed="resources.reports.export_failed"
  />
);
