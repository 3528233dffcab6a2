import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@licencias/common/format';
import type { UseCart } from './cart-context';
import { FeaturePopover } from './FeaturePopover';
import { type PricedItem, offerDiscountOfItem } from './pricing';
import { QuantityControl } from './QuantityControl';

const TYPE_LABEL = { BAS: 'Plan base', CMB: 'Combo', CMP: 'Complementario' } as const;

type Actions = Pick<UseCart, 'increment' | 'decrement' | 'setQuantity' | 'setEmployees' | 'remove' | 'tiers' | 'maxQuantity'>;

interface Props {
  lines: PricedItem[];
  cart: Actions;
  disabled?: boolean;
}

/** The price of one unit as shown (IVA included): the offer's price with the former one struck through. */
function UnitPrice({ priced }: { priced: PricedItem }) {
  const offer = offerDiscountOfItem(priced.item);
  if (offer.isZero()) return <Typography variant="body2">{formatMoney(priced.item.price)}</Typography>;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ textDecoration: 'line-through' }} aria-label={`Antes ${formatMoney(priced.item.price)}`}>
        {formatMoney(priced.item.price)}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {formatMoney(offer.negated().plus(priced.item.price).toFixed(2))}
      </Typography>
    </Box>
  );
}

function Product({ priced }: { priced: PricedItem }) {
  const { item } = priced;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontWeight: 600, lineHeight: 1.3 }}>{item.packageName}</Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.25 }}>
        <Chip size="small" variant="outlined" label={TYPE_LABEL[item.packageTypeCode]} />
        {item.price === 0 && <Chip size="small" color="success" label="Gratis" />}
        <FeaturePopover packageName={item.packageName} features={item.itemsPackageFeatures} />
      </Box>
    </Box>
  );
}

function Quantity({ priced, cart, disabled }: { priced: PricedItem; cart: Actions; disabled?: boolean }) {
  const { item } = priced;
  return (
    <QuantityControl
      item={item}
      max={cart.maxQuantity}
      tiers={cart.tiers[item.packageCode]}
      disabled={disabled}
      onIncrement={() => void cart.increment(item.packageId)}
      onDecrement={() => void cart.decrement(item.packageId)}
      onSet={(quantity) => void cart.setQuantity(item.packageId, quantity)}
      onEmployees={(employees) => void cart.setEmployees(item.packageId, employees)}
    />
  );
}

function RemoveButton({ priced, cart, disabled }: { priced: PricedItem; cart: Actions; disabled?: boolean }) {
  return (
    <IconButton aria-label={`Eliminar ${priced.item.packageName} del carrito`} onClick={() => void cart.remove(priced.item.packageId)} disabled={disabled}>
      <DeleteOutline />
    </IconButton>
  );
}

const money = (value: { toFixed(digits: number): string }) => formatMoney(value.toFixed(2));

/** The cart's lines as a table (desktop). */
export function CartLinesTable({ lines, cart, disabled }: Props) {
  return (
    <Table aria-label="Productos del carrito" sx={{ '& th': { fontWeight: 700, whiteSpace: 'nowrap' }, '& td': { verticalAlign: 'middle' } }}>
      <TableHead>
        <TableRow>
          <TableCell>Producto</TableCell>
          <TableCell align="center">Cantidad</TableCell>
          <TableCell align="right">Valor unitario</TableCell>
          <TableCell align="right">Descuento</TableCell>
          <TableCell align="right">Total</TableCell>
          <TableCell padding="checkbox">
            <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
              Eliminar
            </Box>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((priced) => (
          <TableRow key={priced.item.packageId} data-testid="cart-line">
            <TableCell sx={{ maxWidth: 280 }}>
              <Product priced={priced} />
            </TableCell>
            <TableCell align="center">
              <Quantity priced={priced} cart={cart} disabled={disabled} />
            </TableCell>
            <TableCell align="right">
              <UnitPrice priced={priced} />
            </TableCell>
            <TableCell align="right">{priced.line.discount.isZero() ? '—' : `-${money(priced.line.discount)}`}</TableCell>
            <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
              {money(priced.line.total)}
            </TableCell>
            <TableCell padding="checkbox">
              <RemoveButton priced={priced} cart={cart} disabled={disabled} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The cart's lines as cards (phones). */
export function CartLineCards({ lines, cart, disabled }: Props) {
  return (
    <Stack spacing={1.5} component="ul" aria-label="Productos del carrito" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {lines.map((priced) => (
        <Paper key={priced.item.packageId} component="li" variant="outlined" data-testid="cart-line" sx={{ p: 1.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Product priced={priced} />
            </Box>
            <RemoveButton priced={priced} cart={cart} disabled={disabled} />
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 1, flexWrap: 'wrap' }}>
            <Quantity priced={priced} cart={cart} disabled={disabled} />
            <Box sx={{ textAlign: 'right' }}>
              <UnitPrice priced={priced} />
              {!priced.line.discount.isZero() && (
                <Typography variant="caption" color="success.main" component="p">
                  Descuento -{money(priced.line.discount)}
                </Typography>
              )}
              <Typography sx={{ fontWeight: 700 }}>{money(priced.line.total)}</Typography>
            </Box>
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}
