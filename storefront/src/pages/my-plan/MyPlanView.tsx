import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDate } from '@licencias/common/dates';
import { formatPercent } from '@licencias/common/format';
import { isEmployeeFeature } from '@licencias/common/rules';
import type { ReactNode } from 'react';
import { PageLoading } from '../../layout/PageLoading';
import { type MyPlan, type MyPlanPackage, type MyPlanResult, packageBadges, splitPackages } from './my-plan';

type Feature = MyPlan['packagesFeatures'][number];

export type MyPlanState = { status: 'loading' } | { status: 'error'; message: string } | ({ status: 'done' } & MyPlanResult);

const EMPTY_TABLE = 'No existe información correspondiente';

function FeatureCard({ feature, onBuyMore }: { feature: Feature; onBuyMore?: () => void }) {
  const color = feature.availability === 'Sin disponibilidad' ? 'error' : feature.availability ? 'warning' : 'primary';
  return (
    <Paper variant="outlined" component="article" aria-label={feature.featureAlias} sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
        {feature.featureAlias}
      </Typography>
      <Typography variant="body2">Plan: {feature.quantityTxLabel}</Typography>
      <Typography variant="body2">Disponible: {feature.amountBalanceTxLabel}</Typography>
      {feature.added > 0 && <Typography variant="body2">Adicionales: {feature.quantityAddLabel}</Typography>}
      {!feature.unlimited && (
        <Box>
          <LinearProgress variant="determinate" color={color} value={Math.min(100, feature.percentageUsed)} aria-label={`Uso de ${feature.featureAlias}`} />
          <Typography variant="caption" color="text.secondary">
            {formatPercent(feature.percentageUsed)} usado
          </Typography>
        </Box>
      )}
      {feature.availability && <Chip size="small" color={color} label={feature.availability} sx={{ alignSelf: 'flex-start' }} />}
      {onBuyMore && <BuyMore onClick={onBuyMore} label={`Comprar más ${feature.featureAlias}`} />}
    </Paper>
  );
}

/** 'Comprar más': opens 'Paquetes complementarios'. */
function BuyMore({ onClick, label, contrast = false }: { onClick: () => void; label: string; contrast?: boolean }) {
  return (
    <Button
      size="small"
      variant={contrast ? 'contained' : 'outlined'}
      color={contrast ? 'inherit' : 'primary'}
      onClick={onClick}
      aria-label={label}
      sx={{ alignSelf: 'flex-start', mt: 'auto', ...(contrast ? { color: 'primary.main', bgcolor: 'background.paper' } : {}) }}
    >
      Comprar más
    </Button>
  );
}

/** The start date gives way on phones, so that the state stays in view without scrolling sideways. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

function PackagesTable({ title, rows }: { title: string; rows: MyPlanPackage[] }) {
  return (
    <Box component="section" aria-label={title} sx={{ overflowX: 'auto' }}>
      <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Table size="small" sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell>Paquete</TableCell>
            <TableCell sx={WIDE_ONLY}>Inicio</TableCell>
            <TableCell>Vencimiento</TableCell>
            <TableCell>Estado</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={4}>{EMPTY_TABLE}</TableCell>
            </TableRow>
          ) : (
            rows.map((row) => (
              <TableRow key={row.licenceId}>
                <TableCell>{row.packageName ?? row.packageCode}</TableCell>
                <TableCell sx={WIDE_ONLY}>{formatDate(row.effectiveDate)}</TableCell>
                <TableCell>{row.expirationDate ? formatDate(row.expirationDate) : 'Sin vencimiento'}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    {packageBadges(row).map((badge) => (
                      <Chip key={badge} size="small" color={badge === 'Próximo a vencer' ? 'warning' : 'info'} label={badge} />
                    ))}
                  </Stack>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * My Plan as the state says: loading, the server error, the expired view, or the plan. With
 * `onBuyMore` the plan and feature cards offer 'Comprar más'; `employees` (the employee months)
 * shows when the plan holds an employee feature.
 */
export function MyPlanView({
  state,
  landingUrl,
  onBuyMore,
  employees,
}: {
  state: MyPlanState;
  landingUrl: string;
  onBuyMore?: () => void;
  employees?: ReactNode;
}) {
  if (state.status === 'loading') return <PageLoading label="Cargando tu plan…" />;
  if (state.status === 'error') return <Alert severity="error">{state.message}</Alert>;
  if (state.kind === 'expired') {
    return (
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="expired-title"
        sx={{ maxWidth: 620, mx: 'auto', textAlign: 'center', p: { xs: 3, sm: 6 } }}
      >
        <Typography id="expired-title" variant="h1" sx={{ mb: 2 }}>
          ¡Tu plan base ha vencido!
        </Typography>
        <Button href={landingUrl} variant="contained" size="large">
          Adquirir plan
        </Button>
      </Paper>
    );
  }
  const { plan } = state;
  const { base, complementary } = splitPackages(plan.packagesActiveInfo);
  return (
    <Stack spacing={4} component="section" aria-labelledby="my-plan-title">
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
        <Typography id="my-plan-title" variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' } }}>
          Mi plan {plan.serviceName}
        </Typography>
        {plan.serviceNameDescription && <Typography sx={{ opacity: 0.9 }}>{plan.serviceNameDescription}</Typography>}
        <Typography sx={{ mt: 2, fontWeight: 600 }}>{plan.packageName ?? 'Aún no tienes un plan base'}</Typography>
        {plan.expirationDate && <Typography>Vence el {formatDate(plan.expirationDate)}</Typography>}
        {onBuyMore && plan.packageName && (
          <Box sx={{ mt: 2 }}>
            <BuyMore onClick={onBuyMore} label={`Comprar más para ${plan.packageName}`} contrast />
          </Box>
        )}
      </Paper>
      {plan.packagesFeatures.length > 0 && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}>
          {plan.packagesFeatures.map((feature) => (
            <FeatureCard key={feature.featureCode} feature={feature} onBuyMore={onBuyMore} />
          ))}
        </Box>
      )}
      {employees && plan.packagesFeatures.some((f) => isEmployeeFeature(f.featureCode)) && employees}
      <Stack spacing={3} component="section" aria-labelledby="acquired-title">
        <Typography id="acquired-title" variant="h2" sx={{ fontSize: '1.35rem' }}>
          Mis planes adquiridos
        </Typography>
        <PackagesTable title="Planes base" rows={base} />
        <PackagesTable title="Paquetes complementarios" rows={complementary} />
      </Stack>
    </Stack>
  );
}
