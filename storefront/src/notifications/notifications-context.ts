import type { AlertColor } from '@mui/material/Alert';
import { createContext, useContext } from 'react';

export interface Notification {
  severity: AlertColor;
  message: string;
  title?: string;
}

export type Notify = (notification: Notification) => void;

export const NotificationsContext = createContext<Notify | null>(null);

/** Shows an alert (top right, hides after 7 s; at most 3 at once, the rest wait their turn). */
export function useNotify(): Notify {
  const notify = useContext(NotificationsContext);
  if (!notify) throw new Error('useNotify fuera de NotificationsProvider');
  return notify;
}
