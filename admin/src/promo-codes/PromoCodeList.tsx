import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { DataTable, useCanAccess, useTranslate } from 'react-admin';
import { DialogLoading } from '../components/DialogLoading';
import { ClientTable } from '../components/ClientTable';
import { formatDate, formatMoney, formatPercent } from '../components/format';
import { RowActions } from '../components/RowActions';
import { UserNameField } from '../components/userNames';
import type { PromoCode } from './types';

/** The dialog loads when it first opens (its own chunk). */
const PromoCodeDialog = lazy(() => import('./PromoCodeDialog').then((module) => ({ default: module.PromoCodeDialog })));

/** The columns of the table, typed by its records. */
const Column = DataTable.Col<PromoCode>;

type DialogState = { record?: PromoCode } | undefined;

/** Texts of a code's columns, shared by the table and its search. */
function useColumnTexts() {
  const translate = useTranslate();
  return {
    uses: (record: PromoCode) => (record.useQuantity === 1 ? translate('resources.promo-codes.single_use') : String(record.useQuantity)),
    offerType: (record: PromoCode) => translate(`resources.promo-codes.offer_types.${record.offerTypeCode}`),
    value: (record: PromoCode) => (record.offerTypeCode === 'PTJ' ? formatPercent(record.offerValue) : formatMoney(record.offerValue)),
    repetition: (record: PromoCode) =>
      record.periodicityType === 'MONTHLY'
        ? translate('resources.promo-codes.periodicity.monthly_every', {
            smart_count: record.periodicityQuantity ?? 1,
            until: formatDate(record.endPeriodicityDate),
          })
        : translate('resources.promo-codes.periodicity.NEVER'),
    appliesTo: (record: PromoCode) =>
      record.applyTotalPurchase ? translate('resources.promo-codes.fields.applyTotalPurchase') : record.packages.map((option) => option.packageName).join(', '),
  };
}

/**
 * 'Códigos promocionales': every code, searched on the client. Creating needs
 * LICENSE_PROMOCODE_CREATE, editing _MODIFY, the active switch _MODIFY or _DELETE.
 */
const PromoCodeList = () => {
  const translate = useTranslate();
  const texts = useColumnTexts();
  const [dialog, setDialog] = useState<DialogState>();
  const { canAccess: canCreate } = useCanAccess({ resource: 'promo-codes', action: 'create' });
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'promo-codes', action: 'edit' });
  const { canAccess: canToggle = false } = useCanAccess({ resource: 'promo-codes', action: 'state' });
  return (
    <>
      <ClientTable<PromoCode>
        resource="promo-codes"
        testId="promo-codes-table"
        sort={{ field: 'createdon', order: 'DESC' }}
        searchText={(record, nameOf) => [
          record.promotionCode,
          record.descriptionPromotionCode,
          texts.uses(record),
          record.typeUser,
          texts.offerType(record),
          texts.value(record),
          formatDate(record.effectiveStartDate),
          formatDate(record.expirationDate),
          texts.repetition(record),
          texts.appliesTo(record),
          nameOf(record.createdby),
          nameOf(record.modifiedby),
        ]}
        actions={
          canCreate && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({})}>
              {translate('resources.promo-codes.dialog.create')}
            </Button>
          )
        }
      >
        <Column source="promotionCode" />
        <Column source="descriptionPromotionCode" />
        <Column source="useQuantity" render={texts.uses} />
        <Column source="typeUser" label="resources.promo-codes.fields.typeUserId" />
        <Column source="offerTypeCode" render={texts.offerType} />
        <Column source="offerValue" align="right" render={texts.value} />
        <Column source="effectiveStartDate" render={(record) => formatDate(record.effectiveStartDate)} />
        <Column source="expirationDate" render={(record) => formatDate(record.expirationDate)} />
        <Column source="periodicityType" render={texts.repetition} />
        <Column source="appliesTo" label="resources.promo-codes.fields.appliesTo" disableSort render={texts.appliesTo} />
        <Column source="createdby" disableSort field={UserNameField} />
        <Column source="modifiedby" disableSort field={UserNameField} />
        <Column
          source="actions"
          label="app.catalogue.actions"
          disableSort
          cellClassName="column-actions"
          render={(record) => (
            <RowActions
              resource="promo-codes"
              record={record}
              name={record.promotionCode}
              canEdit={canEdit}
              canToggle={canToggle}
              onEdit={() => setDialog({ record })}
            />
          )}
        />
      </ClientTable>
      {dialog && (
        <Suspense fallback={<DialogLoading />}>
          <PromoCodeDialog record={dialog.record} onClose={() => setDialog(undefined)} />
        </Suspense>
      )}
    </>
  );
};

export default PromoCodeList;
