import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { OrderState as State } from './types';

const COLOURS: Record<State, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  REGISTERED: 'info',
  AWAITING_CASH_PROOF: 'warning',
  PAID: 'success',
  ACTIVATED: 'success',
  REJECTED: 'error',
  CANCELLED: 'default',
};

/** An order's state as a small coloured chip. */
export const OrderStateChip = ({ state }: { state: State }) => {
  const translate = useTranslate();
  return (
    <Chip size="small" color={COLOURS[state]} variant={state === 'CANCELLED' ? 'outlined' : 'filled'} label={translate(`resources.orders.states.${state}`)} />
  );
};
