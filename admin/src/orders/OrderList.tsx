import { Box, Typography } from '@mui/material';
import { DataTable, List, SearchInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { formatMoney } from '@licencias/common/format';
import { useBrandChoices } from '../api-clients/useBrandChoices';
import { CompactList } from '../components/CompactList';
import { DayInput } from '../components/DayInput';
import { fittedTable } from '../components/tableStyles';
import { Truncate } from '../components/Truncate';
import { useNarrow } from '../components/useNarrow';
import { OrderStateChip } from './OrderState';
import { ORDER_STATES, type OrderSummary, PAYMENT_METHODS } from './types';
import { when } from './when';

const Column = DataTable.Col<OrderSummary>;

const useFilters = () => {
  const translate = useTranslate();
  const { choices: brands } = useBrandChoices();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.orders.search')} />,
    <SelectInput key="state" source="state" choices={ORDER_STATES.map((id) => ({ id, name: `resources.orders.states.${id}` }))} />,
    <SelectInput key="paymentMethod" source="paymentMethod" choices={PAYMENT_METHODS.map((id) => ({ id, name: `resources.orders.methods.${id}` }))} />,
    <SelectInput key="appName" source="appName" choices={brands} />,
    <TextInput key="documentNumber" source="documentNumber" />,
    <DayInput key="createdFrom" source="createdFrom" />,
    <DayInput key="createdTo" source="createdTo" />,
  ];
};

const customerLine = (record: OrderSummary) => `${record.customer.documentTypeCode} ${record.customer.documentNumber}`.trim();

/**
 * 'Órdenes de compra' (payments readers): every brand's orders, newest first, searchable and
 * filtered by state, payment method, brand, document and days of creation; a row opens the order.
 * A narrow card lists reference, client, state and amount.
 */
const OrderList = () => {
  const translate = useTranslate();
  const [measured, narrow] = useNarrow<HTMLDivElement>(960);
  const method = (record: OrderSummary) => translate(`resources.orders.methods.${record.paymentMethod}`);
  return (
    <Box ref={measured}>
      <List
        filters={useFilters()}
        sort={{ field: 'id', order: 'DESC' }}
        perPage={25}
        exporter={false}
        title={translate('resources.orders.title')}
        sx={{ '& .RaList-main': { minWidth: 0 } }}
      >
        {narrow ? (
          <CompactList<OrderSummary>
            rowClick="show"
            primary={(record) => `${record.reference} · ${record.customer.legalName}`}
            secondary={(record) => (
              <>
                {customerLine(record)} · {record.appName} · {method(record)} · {when(record.createdAt)}
                <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                  <OrderStateChip state={record.state} />
                </Box>
              </>
            )}
            tertiary={(record) => formatMoney(record.total)}
          />
        ) : (
          <DataTable rowClick="show" bulkActionButtons={false} sx={fittedTable}>
            <Column source="reference" sx={{ width: 96 }} />
            <Column source="createdAt" sx={{ width: 132 }} render={(record) => when(record.createdAt)} />
            <Column
              source="customer.legalName"
              render={(record) => (
                <>
                  <Truncate text={record.customer.legalName} />
                  <Typography variant="caption" color="text.secondary" component="div">
                    {customerLine(record)}
                  </Typography>
                </>
              )}
            />
            <Column source="appName" sx={{ width: 110 }} />
            <Column source="paymentMethod" sx={{ width: 100 }} render={method} />
            <Column source="state" sx={{ width: 170 }} render={(record) => <OrderStateChip state={record.state} />} />
            <Column source="total" align="right" sx={{ width: 130 }} render={(record) => formatMoney(record.total)} />
          </DataTable>
        )}
      </List>
    </Box>
  );
};

export default OrderList;
