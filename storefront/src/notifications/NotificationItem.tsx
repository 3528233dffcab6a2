import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Grow from '@mui/material/Grow';
import { useCallback, useEffect } from 'react';
import { NOTIFICATION_HIDE_MS } from './constants';
import type { Notification } from './notifications-context';

export interface QueuedNotification extends Notification {
  id: number;
}

/** One alert; its 7-second timer starts when it becomes visible. */
export default function NotificationItem({ notification, onDismiss }: { notification: QueuedNotification; onDismiss: (id: number) => void }) {
  const close = useCallback(() => onDismiss(notification.id), [notification.id, onDismiss]);
  useEffect(() => {
    const timer = window.setTimeout(close, NOTIFICATION_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [close]);
  return (
    <Grow in appear>
      <Alert
        severity={notification.severity}
        variant="filled"
        onClose={close}
        slotProps={{ closeButton: { title: 'Cerrar', 'aria-label': 'Cerrar' } }}
        sx={{ boxShadow: 6, width: '100%', pointerEvents: 'auto' }}
      >
        {notification.title && <AlertTitle>{notification.title}</AlertTitle>}
        {notification.message}
      </Alert>
    </Grow>
  );
}
