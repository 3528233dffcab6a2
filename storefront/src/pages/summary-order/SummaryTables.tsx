import { formatMoney, formatNumber } from '@licencias/common/format';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SummaryOrder } from './summary-order';

const money = (value: number) => formatMoney(value);

type Line = SummaryOrder['summaryPackages'][number];
const COLUMNS: readonly { label: string; value: (l: Line) => string; numeric: boolean }[] = [
  { label: 'Producto', value: (l) => l.packageName, numeric: false },
  { label: 'Cantidad', value: (l) => formatNumber(l.quantity), numeric: true },
  { label: 'Valor unitario', value: (l) => money(l.unitPrice), numeric: true },
  { label: 'Descuento', value: (l) => money(l.discount), numeric: true },
  { label: 'IVA', value: (l) => money(l.taxIva), numeric: true },
  { label: 'Subtotal', value: (l) => money(l.subTotal), numeric: true },
];

/**
 * The packages of the order (store §2: Producto, Cantidad, Valor unitario, Descuento, IVA,
 * Subtotal): one table, a row per package, on wide screens; on a phone each package is its own
 * small table of label and value, so nothing scrolls sideways.
 */
export function SummaryPackages({ lines }: { lines: SummaryOrder['summaryPackages'] }) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  if (phone) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {lines.map((line) => (
          <Paper key={line.packageId} variant="outlined" component="section" aria-label={line.packageName} sx={{ p: 1.5 }}>
            <Table size="small" aria-label={`Detalle de ${line.packageName}`}>
              <TableBody>
                {COLUMNS.map((c) => (
                  <TableRow key={c.label} sx={{ '&:last-child td, &:last-child th': { border: 0 } }}>
                    <TableCell component="th" scope="row" sx={{ pl: 0, color: 'text.secondary' }}>
                      {c.label}
                    </TableCell>
                    <TableCell align="right" sx={{ pr: 0, fontWeight: c.numeric ? 400 : 600 }}>
                      {c.value(line)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
        ))}
      </Box>
    );
  }
  return (
    <Paper variant="outlined">
      <Table aria-label="Paquetes de la orden">
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableCell key={c.label} align={c.numeric ? 'right' : 'left'} sx={{ fontWeight: 700 }}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.packageId}>
              {COLUMNS.map((c) => (
                <TableCell key={c.label} align={c.numeric ? 'right' : 'left'}>
                  {c.value(line)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/** The totals (store §2): Subtotal, Total descuentos, Total IVA, the three withholdings, Total Retenciones and Total. */
export function SummaryTotals({ summary }: { summary: SummaryOrder }) {
  const rows: [string, number, boolean?][] = [
    ['Subtotal', summary.subTotal],
    ['Total descuentos', summary.totalDiscount],
    ['Total IVA', summary.taxIva],
    ['Retefuente', summary.retefuente],
    ['Reteiva', summary.reteiva],
    ['Reteica', summary.reteica],
    ['Total Retenciones', summary.totalTaxDiscount],
    ['Total', summary.totalPurchase, true],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box component="dl" aria-label="Totales" sx={{ m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
        {rows.map(([label, value, strong]) => (
          <Box
            key={label}
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              gap: 3,
              ...(strong ? { borderTop: 1, borderColor: 'divider', pt: 1, fontWeight: 700 } : {}),
            }}
          >
            <Typography component="dt" sx={{ fontWeight: 'inherit' }}>
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: 'inherit' }}>
              {money(value)}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        Impuesto incluido. El valor del descuento aplica antes de IVA.
      </Typography>
    </Paper>
  );
}
