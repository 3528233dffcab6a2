import { useEffect } from 'react';
import { PageLoading } from '../layout/PageLoading';
import { REPORT_VIEW_URL } from './paths';

/**
 * /license/reports/reportView (catalogue §2.3: where 'Informes' opens each report, in a new tab)
 * is the back office's report view, another application: a full page load to
 * /admin/reports/view with the same query (reportType, documentType, documentNumber, claims).
 * The tab opened by the back office is its copy, so the session in sessionStorage goes along.
 */
export function ReportViewRedirect() {
  useEffect(() => {
    window.location.replace(`${REPORT_VIEW_URL}${window.location.search}`);
  }, []);
  return <PageLoading label="Abriendo el informe…" />;
}
