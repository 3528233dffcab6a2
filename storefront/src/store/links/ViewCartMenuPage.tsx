import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CartPopoverContent from '../../cart/CartPopoverContent';

/** `/license/viewCartMenu`: the cart in brief as a page, with 'Pagar' (store §2, header cart popover). */
export default function ViewCartMenuPage() {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="cart-menu-title" sx={{ maxWidth: 480, mx: 'auto', borderRadius: 2 }}>
      <Typography id="cart-menu-title" variant="h5" component="h1" sx={{ px: 2, pt: 2, fontWeight: 700 }}>
        Carrito de compras
      </Typography>
      <CartPopoverContent action="pay" />
    </Paper>
  );
}
