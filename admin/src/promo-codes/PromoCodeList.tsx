import { Typography } from '@mui/material';
import { lazy } from 'react';
import { DataTable, useTranslate } from 'react-admin';
import { ClientTable } from '../components/ClientTable';
import { WIDTH } from '../components/tableStyles';
import { Truncate } from '../components/Truncate';
import { formatDate } from '@licencias/common/dates';
import { formatMoney, formatPercent } from '@licencias/common/format';
import type { PromoCode } from './types';

/** The dialog loads when it first opens (its own chunk). */
const PromoCodeDialog = lazy(() => import('./PromoCodeDialog').then((module) => ({ default: module.PromoCodeDialog })));

/** The columns of the table, typed by its records. */
const Column = DataTable.Col<PromoCode>;

/** Two values of one column: the main one, and under it the one that qualifies it. */
const TwoLines = ({ first, second }: { first: string; second: string }) => (
  <>
    {first}
    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
      {second}
    </Typography>
  </>
);

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
  return (
    <ClientTable<PromoCode>
      resource="promo-codes"
      dialog={PromoCodeDialog}
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
      recordName={(record) => record.promotionCode}
      minWidth={1000}
      compact={{
        primary: (record) => `${record.promotionCode} · ${texts.value(record)}`,
        secondary: (record) =>
          [
            record.descriptionPromotionCode,
            `${formatDate(record.effectiveStartDate)} – ${formatDate(record.expirationDate)}`,
            texts.uses(record),
            record.typeUser,
            texts.repetition(record),
            texts.appliesTo(record),
          ].join(' · '),
      }}
    >
      <Column source="promotionCode" sx={{ width: 112 }} render={(record) => <Truncate text={record.promotionCode} />} />
      <Column source="descriptionPromotionCode" render={(record) => <Truncate text={record.descriptionPromotionCode} lines={3} />} />
      <Column source="useQuantity" sx={{ width: 80 }} render={texts.uses} />
      <Column
        source="typeUser"
        label="resources.promo-codes.fields.typeUserId"
        sx={{ width: 96 }}
        render={(record) => <Truncate text={record.typeUser} lines={2} />}
      />
      <Column
        source="offerValue"
        label="resources.promo-codes.fields.discount"
        align="right"
        sx={{ width: 104 }}
        render={(record) => <TwoLines first={texts.value(record)} second={texts.offerType(record)} />}
      />
      <Column
        source="effectiveStartDate"
        label="resources.promo-codes.fields.validity"
        sx={{ width: WIDTH.date }}
        render={(record) => <TwoLines first={formatDate(record.effectiveStartDate)} second={formatDate(record.expirationDate)} />}
      />
      <Column source="periodicityType" render={(record) => <Truncate text={texts.repetition(record)} lines={3} />} />
      <Column
        source="appliesTo"
        label="resources.promo-codes.fields.appliesTo"
        disableSort
        render={(record) => <Truncate text={texts.appliesTo(record)} lines={3} />}
      />
    </ClientTable>
  );
};

export default PromoCodeList;
