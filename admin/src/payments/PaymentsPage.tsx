import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { Box, Button, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { DataTable, Link, List, Pagination, SearchInput, TopToolbar, useListContext, useNotify, useTranslate } from 'react-admin';
import { formatDate } from '@licencias/common/dates';
import { formatMoney } from '@licencias/common/format';
import { saveFile } from '../workbook/workbook';
import { type CashPayment, type CashState, exportPayments } from './cashApi';
import { PaymentRowActions } from './PaymentRowActions';
import { usePaymentPrivileges } from './usePaymentPrivileges';

const TABS: readonly CashState[] = ['PENDING', 'APPROVED', 'REJECTED'];
const Column = DataTable.Col<CashPayment>;

/** 'Exportar a Excel' of the tab shown (LICENSE_FULL_ACCESS or DASHBOARD_EXPORTEXCEL). */
const ExportButton = ({ state }: { state: CashState }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { filterValues } = useListContext();
  const { mayExport } = usePaymentPrivileges();
  const [busy, setBusy] = useState(false);
  if (!mayExport) return null;
  const download = async () => {
    setBusy(true);
    try {
      const { blob, fileName } = await exportPayments(state, typeof filterValues.q === 'string' ? filterValues.q : undefined);
      saveFile(blob, fileName);
    } catch {
      notify('resources.payments.export_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" variant="outlined" startIcon={<FileDownloadOutlinedIcon />} disabled={busy} onClick={() => void download()}>
      {translate('resources.payments.export')}
    </Button>
  );
};

/** One tab: a searchable, sortable table with 5, 10 or 15 rows per page (store §2). */
const PaymentsTab = ({ state }: { state: CashState }) => {
  const translate = useTranslate();
  return (
    <List
      resource="payments"
      filter={{ state }}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.payments.search')} />]}
      sort={{ field: 'purchaseDate', order: 'DESC' }}
      perPage={5}
      pagination={<Pagination rowsPerPageOptions={[5, 10, 15]} />}
      actions={
        <TopToolbar>
          <ExportButton state={state} />
        </TopToolbar>
      }
      disableSyncWithLocation
      storeKey={`payments.${state}`}
      title={false}
      empty={false}
      // On a phone the table scrolls inside its card instead of widening the page.
      sx={{ minWidth: 0, '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } }}
    >
      <DataTable bulkActionButtons={false} rowClick={false} empty={<Typography sx={{ p: 2 }}>{translate('resources.payments.empty')}</Typography>}>
        <Column
          source="paymentReference"
          render={(record) => (
            // The order behind the payment ('Órdenes de compra': its lines, proofs, licences and log).
            <Link to={`/orders/${record.id}/show`} title={translate('resources.payments.order')}>
              {record.paymentReference}
            </Link>
          )}
        />
        <Column source="supportDate" render={(record) => formatDate(record.supportDate ?? record.purchaseDate)} />
        <Column source="customer.legalName" />
        <Column source="customer.documentTypeLicense.documentTypeCode" />
        <Column source="customer.documentNumber" />
        <Column source="totalPurchase" align="right" render={(record) => formatMoney(record.totalPurchase)} />
        <Column source="actions" label="resources.payments.fields.actions" disableSort render={(record) => <PaymentRowActions record={record} />} />
      </DataTable>
    </List>
  );
};

/** 'Pagos en efectivo' (store §2): pending, approved and rejected cash payments. The route checks PAYMENTS_READ. */
const PaymentsPage = () => {
  const translate = useTranslate();
  const [tab, setTab] = useState<CashState>('PENDING');
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0, maxWidth: { xs: 'calc(100vw - 16px)', sm: '100%' }, boxSizing: 'border-box' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('resources.payments.title')}
      </Typography>
      <Tabs value={tab} onChange={(_event, value: CashState) => setTab(value)} variant="scrollable" allowScrollButtonsMobile>
        {TABS.map((state) => (
          <Tab key={state} value={state} label={translate(`resources.payments.tabs.${state}`)} />
        ))}
      </Tabs>
      <PaymentsTab key={tab} state={tab} />
    </Box>
  );
};

export default PaymentsPage;
