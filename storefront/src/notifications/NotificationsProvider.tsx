import Stack from '@mui/material/Stack';
import { useCallback, useState, type ReactNode } from 'react';
import { MAX_VISIBLE_NOTIFICATIONS } from './constants';
import { NotificationItem, type QueuedNotification } from './NotificationItem';
import { NotificationsContext, type Notify } from './notifications-context';

let nextId = 1;

/** Alerts for the whole store: the first 3 show, later ones wait until one hides. */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<QueuedNotification[]>([]);
  const notify = useCallback<Notify>((notification) => {
    setQueue((current) => {
      // The same message already showing or waiting is not repeated.
      if (current.some((item) => item.message === notification.message && item.severity === notification.severity)) return current;
      return [...current, { ...notification, id: nextId++ }];
    });
  }, []);
  const dismiss = useCallback((id: number) => setQueue((current) => current.filter((item) => item.id !== id)), []);

  return (
    <NotificationsContext value={notify}>
      {children}
      <Stack
        spacing={1}
        sx={{
          position: 'fixed',
          top: { xs: 64, sm: 80 },
          right: { xs: 8, sm: 16 },
          left: { xs: 8, sm: 'auto' },
          width: { sm: 400 },
          zIndex: (theme) => theme.zIndex.snackbar,
          pointerEvents: 'none',
        }}
      >
        {queue.slice(0, MAX_VISIBLE_NOTIFICATIONS).map((item) => (
          <NotificationItem key={item.id} notification={item} onDismiss={dismiss} />
        ))}
      </Stack>
    </NotificationsContext>
  );
}
