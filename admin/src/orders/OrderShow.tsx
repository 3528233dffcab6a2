import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Box, Card, CardContent, Chip, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ListButton, Loading, ShowBase, TopToolbar, useShowContext, useTranslate } from 'react-admin';
import { formatDate } from '@licencias/common/dates';
import { formatMoney } from '@licencias/common/format';
import { LoadFailure } from '../components/LoadFailure';
import { useNarrow } from '../components/useNarrow';
import { useOpenSupport } from '../payments/useOpenSupport';
import { OrderStateChip } from './OrderState';
import type { OrderAuditEntry, OrderDetail, OrderPayment } from './types';
import { when } from './when';

type Translate = ReturnType<typeof useTranslate>;

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ display: 'flex', gap: 1, py: 0.25, flexWrap: 'wrap' }}>
    <Typography variant="body2" color="text.secondary" sx={{ minWidth: 140 }}>
      {label}
    </Typography>
    <Typography variant="body2" component="div" sx={{ minWidth: 0, overflowWrap: 'anywhere', flex: 1 }}>
      {children}
    </Typography>
  </Box>
);

const Section = ({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) => (
  <Card data-testid={testId}>
    <CardContent>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </CardContent>
  </Card>
);

const Empty = ({ text }: { text: string }) => (
  <Typography variant="body2" color="text.secondary">
    {text}
  </Typography>
);

const OUTCOME_COLOURS = { APPROVED: 'success', REJECTED: 'error', PENDING: 'warning', REVERSED: 'default' } as const;

/** The packages: the purchase summary's columns (store §2) in a table, or one small block per package on a narrow card. */
const Lines = ({ order, t }: { order: OrderDetail; t: Translate }) => {
  const [measured, narrow] = useNarrow<HTMLDivElement>(640);
  const f = (name: string) => t(`resources.orders.lines.${name}`);
  const totals: [string, number, boolean?][] = [
    ['subTotal', order.subTotal],
    ['totalDiscount', order.totalDiscount],
    ['taxIva', order.taxIva],
    ['taxReteFuente', order.taxReteFuente],
    ['taxReteIva', order.taxReteIva],
    ['taxReteIca', order.taxReteIca],
    ['totalWithholdings', order.totalWithholdings],
    ['total', order.total, true],
  ];
  return (
    <Box ref={measured}>
      {narrow ? (
        <Stack spacing={1.5}>
          {order.lines.map((line) => (
            <Box key={line.packageId} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {line.packageName}
              </Typography>
              <Row label={f('quantity')}>{line.quantity}</Row>
              <Row label={f('unitPrice')}>{formatMoney(line.unitPrice)}</Row>
              <Row label={f('discount')}>{formatMoney(line.discount)}</Row>
              <Row label={f('ivaValue')}>{formatMoney(line.ivaValue)}</Row>
              <Row label={f('gross')}>{formatMoney(line.gross)}</Row>
            </Box>
          ))}
        </Stack>
      ) : (
        <Table size="small" sx={{ tableLayout: 'fixed' }}>
          <TableHead>
            <TableRow>
              <TableCell>{f('packageName')}</TableCell>
              <TableCell align="right" sx={{ width: 90 }}>
                {f('quantity')}
              </TableCell>
              {(['unitPrice', 'discount', 'ivaValue', 'gross'] as const).map((name) => (
                <TableCell key={name} align="right" sx={{ width: 130 }}>
                  {f(name)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {order.lines.map((line) => (
              <TableRow key={line.packageId}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {line.packageName}
                  <Typography variant="caption" color="text.secondary" component="div">
                    {line.packageCode}
                  </Typography>
                </TableCell>
                <TableCell align="right">{line.quantity}</TableCell>
                <TableCell align="right">{formatMoney(line.unitPrice)}</TableCell>
                <TableCell align="right">{formatMoney(line.discount)}</TableCell>
                <TableCell align="right">{formatMoney(line.ivaValue)}</TableCell>
                <TableCell align="right">{formatMoney(line.gross)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Box sx={{ mt: 2, ml: 'auto', maxWidth: 360 }} data-testid="order-totals">
        {totals.map(([name, value, strong]) => (
          <Box key={name} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25, fontWeight: strong ? 600 : undefined }}>
            <Typography variant="body2" sx={{ fontWeight: 'inherit' }}>
              {t(`resources.orders.totals.${name}`)}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 'inherit' }}>
              {formatMoney(value)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
};

const paymentTitle = (p: OrderPayment, t: Translate) =>
  p.kind === 'CASH' ? t('resources.orders.payments.cash') : `${t('resources.orders.payments.online')} · ${p.gateway ?? ''}`;

const Payments = ({ order, t }: { order: OrderDetail; t: Translate }) =>
  order.payments.length ? (
    <Stack spacing={1.5} divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
      {order.payments.map((p, index) => (
        <Box key={index}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {paymentTitle(p, t)}
            </Typography>
            <Chip size="small" color={OUTCOME_COLOURS[p.outcome]} label={t(`resources.orders.outcomes.${p.outcome}`)} />
          </Box>
          {p.reference && <Row label={t('resources.orders.payments.reference')}>{p.reference}</Row>}
          {p.transactionId && <Row label={t('resources.orders.payments.transactionId')}>{p.transactionId}</Row>}
          {p.responseCode !== null && <Row label={t('resources.orders.payments.responseCode')}>{p.responseCode}</Row>}
          <Row label={t('resources.orders.payments.amount')}>
            {formatMoney(p.amount)} {p.currency}
          </Row>
          <Row label={t('resources.orders.payments.at')}>{when(p.at)}</Row>
          {p.by && <Row label={t('resources.orders.payments.by')}>{p.by}</Row>}
          {p.reason && <Row label={t('resources.orders.payments.reason')}>{p.reason}</Row>}
        </Box>
      ))}
    </Stack>
  ) : (
    <Empty text={t('resources.orders.payments.none')} />
  );

/** The order's proofs; each opens in a new tab (getpaymentsupport, which payments readers may read). */
const Supports = ({ order, t }: { order: OrderDetail; t: Translate }) => {
  const openSupport = useOpenSupport();
  const open = (type: 'PAYMENT_SUPPORT' | 'RUT') => openSupport(order.referenceUuid, type);
  if (!order.supports.length) return <Empty text={t('resources.orders.supports.none')} />;
  return (
    <Stack spacing={1}>
      {order.supports.map((s) => {
        const label = t(`resources.orders.supports.${s.supportType}`);
        return (
          <Box key={s.supportType} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Tooltip title={label}>
              <IconButton size="small" aria-label={`${label}: ${s.fileName}`} onClick={() => void open(s.supportType)}>
                <AttachFileIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {label}: {s.fileName}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {when(s.uploadedAt)} · {Math.max(1, Math.round(s.size / 1024))} KB
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
};

const Licences = ({ order, t }: { order: OrderDetail; t: Translate }) =>
  order.licences.length ? (
    <Stack spacing={1}>
      {order.licences.map((l) => (
        <Box key={l.id} sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {l.packageName}
          </Typography>
          <Chip size="small" color={l.isActive ? 'success' : 'default'} label={t(`resources.orders.licence_states.${l.state}`)} />
          <Typography variant="caption" color="text.secondary" sx={{ width: '100%' }}>
            {t('resources.orders.licences.line', {
              id: l.id,
              from: formatDate(l.effectiveAt),
              to: l.expiresAt ? formatDate(l.expiresAt) : t('resources.orders.licences.no_end'),
            })}
          </Typography>
        </Box>
      ))}
    </Stack>
  ) : (
    <Empty text={t('resources.orders.licences.none')} />
  );

/** What an entry of the log says: the decision, or the move from one state to another. */
const entryText = (e: OrderAuditEntry, t: Translate) => {
  if (e.action !== 'STATE_CHANGE') return t(`resources.orders.history.${e.action}`);
  const to = e.toState ? t(`resources.orders.states.${e.toState}`) : '';
  return e.fromState
    ? t('resources.orders.history.moved', { from: t(`resources.orders.states.${e.fromState}`), to })
    : t('resources.orders.history.created', { to });
};

/** The log as a timeline, oldest first: what, who, when and why. */
const History = ({ order, t }: { order: OrderDetail; t: Translate }) => (
  <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="order-history">
    {order.history.map((e, index) => {
      const decision = e.action !== 'STATE_CHANGE';
      const last = index === order.history.length - 1;
      return (
        <Box component="li" key={index} sx={{ display: 'flex', gap: 1.5 }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 0.5 }}>
            <Box
              sx={{
                width: 12,
                height: 12,
                borderRadius: '50%',
                flexShrink: 0,
                bgcolor: e.action === 'CASH_REJECTED' ? 'error.main' : decision ? 'success.main' : 'primary.main',
              }}
            />
            {!last && <Box sx={{ width: 2, flex: 1, bgcolor: 'divider', my: 0.5 }} />}
          </Box>
          <Box sx={{ pb: last ? 0 : 2, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: decision ? 600 : 500 }}>
              {entryText(e, t)}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
              {when(e.at)} · {e.byName ? `${e.byName} (${e.by})` : e.by}
            </Typography>
            {e.reason && (
              <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
                {t('resources.orders.history.reason', { reason: e.reason })}
              </Typography>
            )}
          </Box>
        </Box>
      );
    })}
  </Box>
);

const Customer = ({ title, who }: { title: string; who: OrderDetail['customer'] }) => (
  <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
    <Typography variant="body2" color="text.secondary">
      {title}
    </Typography>
    <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
      {who.legalName}
    </Typography>
    <Typography variant="body2">
      {who.documentTypeCode} {who.documentNumber}
    </Typography>
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {who.email}
    </Typography>
  </Box>
);

/**
 * One order for payments staff: its figures, customers and packages, its payments (gateway
 * confirmations and the cash decision), proofs, the licences it granted and its log as a timeline.
 */
export const OrderView = () => {
  const t = useTranslate();
  const { record, isPending, error, refetch } = useShowContext<OrderDetail>();
  if (isPending) return <Loading />;
  if (error || !record) return <LoadFailure onRetry={() => void refetch()} />;
  // Opened from the list, react-admin shows the list's row until the order itself arrives.
  if (!Array.isArray((record as Partial<OrderDetail>).history)) return <Loading />;
  const field = (name: string) => t(`resources.orders.fields.${name}`);
  return (
    <Stack spacing={2} sx={{ mt: 1, minWidth: 0 }}>
      <Card>
        <CardContent>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <Typography variant="h6" component="h2">
              {t('resources.orders.detail_title', { reference: record.reference })}
            </Typography>
            <OrderStateChip state={record.state} />
          </Box>
          <Row label={field('total')}>
            <strong>{formatMoney(record.total)}</strong>
          </Row>
          <Row label={field('paymentMethod')}>{t(`resources.orders.methods.${record.paymentMethod}`)}</Row>
          <Row label={field('appName')}>{record.appName}</Row>
          <Row label={field('createdAt')}>{when(record.createdAt)}</Row>
          <Row label={field('updatedAt')}>{when(record.updatedAt)}</Row>
          <Row label={field('buyerEmail')}>{record.buyerEmail}</Row>
          <Row label={field('referenceUuid')}>{record.referenceUuid}</Row>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 2 }}>
            <Customer title={t('resources.orders.customers.billing')} who={record.customer} />
            <Customer title={t('resources.orders.customers.activation')} who={record.activationCustomer} />
          </Box>
        </CardContent>
      </Card>
      <Section title={t('resources.orders.sections.lines')} testId="order-lines">
        <Lines order={record} t={t} />
      </Section>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Section title={t('resources.orders.sections.payments')} testId="order-payments">
            <Payments order={record} t={t} />
          </Section>
          <Section title={t('resources.orders.sections.supports')} testId="order-supports">
            <Supports order={record} t={t} />
          </Section>
          <Section title={t('resources.orders.sections.licences')} testId="order-licences">
            <Licences order={record} t={t} />
          </Section>
        </Stack>
        <Section title={t('resources.orders.sections.history')}>
          <History order={record} t={t} />
        </Section>
      </Box>
    </Stack>
  );
};

const OrderShow = () => (
  <ShowBase>
    <Box sx={{ maxWidth: 1100, minWidth: 0 }}>
      <TopToolbar sx={{ justifyContent: 'flex-start' }}>
        <ListButton label="resources.orders.back" />
      </TopToolbar>
      <OrderView />
    </Box>
  </ShowBase>
);

export default OrderShow;
