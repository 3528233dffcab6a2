import Popover from '@mui/material/Popover';
import CartPopoverContent from './CartPopoverContent';

/** The header cart's popover (a lazy chunk of its own). */
export default function CartPopover({ anchor, onClose }: { anchor: HTMLElement; onClose: () => void }) {
  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { role: 'dialog', 'aria-label': 'Tu carrito', sx: { width: 360, maxWidth: 'calc(100vw - 24px)', mt: 1, borderRadius: 2 } } }}
    >
      <CartPopoverContent onDone={onClose} />
    </Popover>
  );
}
