import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDate } from '@licencias/common/dates';
import { WEEKDAY_NAMES } from '@licencias/common/rules';
import type { AgreementAmendment } from './types';

type Translate = (key: string, options?: { _: string }) => string;

const VALIDITY: Record<string, string> = { D: 'Días', M: 'Meses', A: 'Años' };
const FIELD_KEYS: Record<string, string> = {
  totalQuantity: 'quantity',
  isUnlimited: 'unlimited',
  validityPeriod: 'validityAmount',
  deviceTypeId: 'deviceType',
  credentialsDeliveryType: 'deliveryType',
  legalDocumentNumber: 'documentNumber',
  legalFirstName: 'firstName',
  legalLastName: 'lastName',
};
const HIDDEN = new Set(['addressLatGeocode', 'addressLngGeocode', 'licenseId', 'identifierCode']);

function shown(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value.split('-').reverse().join('/');
  if (key === 'validityType' && typeof value === 'string') return VALIDITY[value] ?? value;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function label(key: string, translate: Translate): string {
  if (key in WEEKDAY_NAMES) return WEEKDAY_NAMES[key as keyof typeof WEEKDAY_NAMES];
  const field = FIELD_KEYS[key] ?? key;
  return translate(`resources.agreements.fields.${field}`, { _: field });
}

/** 'campo: antes → después' for each field of a block that changed (the manager by name is in the detail, not here). */
function fieldChanges(before: Record<string, unknown>, after: Record<string, unknown>, translate: Translate): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !HIDDEN.has(k));
  return keys
    .filter((key) => !same(before[key], after[key]))
    .map((key) =>
      key === 'commercialManagerId' ? `${label(key, translate)}: cambió` : `${label(key, translate)}: ${shown(key, before[key])} → ${shown(key, after[key])}`,
    );
}

type Line = Record<string, unknown>;

function lineName(line: Line): string {
  const quantity = line.isUnlimited ? 'Ilimitada' : shown('totalQuantity', line.totalQuantity);
  return `${String(line.packageCode ?? '')} (${quantity}, ${shown('validityPeriod', line.validityPeriod)} ${shown('validityType', line.validityType)})`;
}

/**
 * What a modification changed, one line each, in the screen's words: for 'Servicios Contratados'
 * each service added or each field of a service changed; for the other steps each field.
 */
export function changedValues(before: Record<string, unknown>, after: Record<string, unknown>, translate: Translate = (k, o) => o?._ ?? k): string[] {
  if (!Array.isArray(before.services) && !Array.isArray(after.services)) return fieldChanges(before, after, translate);
  const old = new Map(((before.services ?? []) as Line[]).map((l) => [l.licenseId, l]));
  return ((after.services ?? []) as Line[]).flatMap((line) => {
    const was = old.get(line.licenseId);
    if (!was) return [`Servicio agregado: ${lineName(line)}`];
    return fieldChanges(was, line, translate).map((change) => `${String(line.packageCode ?? '')} · ${change}`);
  });
}

const time = (value: string) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString('es-CO', { timeZone: 'America/Bogota', hour: '2-digit', minute: '2-digit' });
};

/** 'Historial de modificaciones': step, ticket, observations, who and when, and what changed (the most recent first). */
export const AmendmentHistory = ({ amendments }: { amendments: readonly AgreementAmendment[] }) => {
  const translate = useTranslate();
  const label = (field: string) => translate(`resources.agreements.history.${field}`);
  if (!amendments.length) return <Typography variant="body2">{label('empty')}</Typography>;
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('resources.agreements.sections.history')} sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell>{label('occurredAt')}</TableCell>
            <TableCell>{label('step')}</TableCell>
            <TableCell>{label('ticketNumber')}</TableCell>
            <TableCell>{label('observations')}</TableCell>
            <TableCell>{label('actor')}</TableCell>
            <TableCell>{label('changes')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {amendments.map((amendment) => (
            <TableRow key={amendment.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDate(amendment.occurredAt)} {time(amendment.occurredAt)}
              </TableCell>
              <TableCell>{translate(`resources.agreements.history.steps.${amendment.step}`)}</TableCell>
              <TableCell>{amendment.ticketNumber}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{amendment.observations}</TableCell>
              <TableCell>{amendment.actor}</TableCell>
              <TableCell>
                <Box component="ul" sx={{ m: 0, pl: 2, fontSize: '0.75rem', overflowWrap: 'anywhere' }}>
                  {changedValues(amendment.before, amendment.after, translate)
                    .slice(0, 8)
                    .map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
