import { lazy, Suspense, useState } from 'react';
import { DataTable, useTranslate } from 'react-admin';
import { DialogLoading } from '../components/DialogLoading';
import { ClientTable } from '../components/ClientTable';
import { formatDate } from '@licencias/common/dates';
import { formatMoney, formatPercent } from '@licencias/common/format';
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
  const texts = useColumnTexts();
  const [dialog, setDialog] = useState<DialogState>();
  return (
    <>
      <ClientTable<PromoCode>
        resource="promo-codes"
        testId="promo-codes-table"
        sort={{ field: 'createdon', order: 'DESC' }}
        auditDates={false}
        searchText={(record) => [
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
        ]}
        createLabel="resources.promo-codes.dialog.create"
        onCreate={() => setDialog({})}
        onEdit={(record) => setDialog({ record })}
        recordName={(record) => record.promotionCode}
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
