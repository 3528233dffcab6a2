import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { formatNumber } from '@licencias/common/format';
import { messageOf } from '../../api';
import { EmployeeMonthsChart } from './EmployeeMonthsChart';
import { chartMonths, type EmployeeMonth, type EmployeeMonthDetail } from './my-plan';

type Load<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'done'; value: T };

export interface EmployeeSource {
  months(): Promise<EmployeeMonth[]>;
  month(year: number, month: number): Promise<EmployeeMonthDetail>;
}

const Figure = ({ label, value }: { label: string; value: string }) => (
  <Box>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography sx={{ fontWeight: 600, fontSize: '1.15rem' }}>{value}</Typography>
  </Box>
);

function MonthDetail({ detail }: { detail: EmployeeMonthDetail }) {
  const unlimited = 'Ilimitado';
  return (
    <Box aria-label={`Detalle de ${detail.nameMonth} ${detail.year}`} role="region">
      <Typography variant="h4" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
        {detail.nameMonth} {detail.year}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' } }}>
        <Figure label="Plan del mes" value={detail.unlimited || detail.quantityTx === null ? unlimited : formatNumber(detail.quantityTx)} />
        <Figure label="Empleados usados" value={formatNumber(detail.quantityUse)} />
        <Figure label="Saldo al cierre" value={detail.unlimited || detail.quantityBalance === null ? unlimited : formatNumber(detail.quantityBalance)} />
        <Figure label="Transacciones" value={formatNumber(detail.transactions)} />
      </Box>
      {detail.days.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Días con transacciones: {detail.days.length}
        </Typography>
      )}
    </Box>
  );
}

/**
 * 'Empleados por mes' of My Plan (store §7): a bar per month with employee use (the last twelve),
 * the newest selected; choosing a bar reads that month's plan, use, closing balance and
 * transactions.
 */
export function EmployeeMonths({ source }: { source: EmployeeSource }) {
  const [months, setMonths] = useState<Load<EmployeeMonth[]>>({ status: 'loading' });
  const [selected, setSelected] = useState<{ year: number; month: number }>();
  const [detail, setDetail] = useState<Load<EmployeeMonthDetail>>();

  useEffect(() => {
    let current = true;
    source.months().then(
      (value) => {
        if (!current) return;
        setMonths({ status: 'done', value });
        const newest = chartMonths(value).at(-1);
        if (newest) setSelected({ year: newest.year, month: newest.month });
      },
      (error: unknown) => current && setMonths({ status: 'error', message: messageOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [source]);

  useEffect(() => {
    if (!selected) return;
    let current = true;
    setDetail({ status: 'loading' });
    source.month(selected.year, selected.month).then(
      (value) => current && setDetail({ status: 'done', value }),
      (error: unknown) => current && setDetail({ status: 'error', message: messageOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [source, selected]);

  return (
    <Paper variant="outlined" component="section" aria-labelledby="employee-months-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="employee-months-title" variant="h2" sx={{ fontSize: '1.35rem', mb: 2 }}>
        Empleados por mes
      </Typography>
      {months.status === 'loading' ? (
        <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center' }}>
          <CircularProgress size={18} />
          <Typography variant="body2">Cargando los meses…</Typography>
        </Stack>
      ) : months.status === 'error' ? (
        <Alert severity="error">{months.message}</Alert>
      ) : months.value.length === 0 ? (
        <Typography color="text.secondary">Aún no hay consumo de empleados.</Typography>
      ) : (
        <Stack spacing={2}>
          <EmployeeMonthsChart months={chartMonths(months.value)} selected={selected} onSelect={(m) => setSelected({ year: m.year, month: m.month })} />
          {detail?.status === 'loading' && (
            <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center' }}>
              <CircularProgress size={18} />
              <Typography variant="body2">Cargando el mes…</Typography>
            </Stack>
          )}
          {detail?.status === 'error' && <Alert severity="error">{detail.message}</Alert>}
          {detail?.status === 'done' && <MonthDetail detail={detail.value} />}
        </Stack>
      )}
    </Paper>
  );
}
