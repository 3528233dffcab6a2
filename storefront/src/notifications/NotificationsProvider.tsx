import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { themed } from '../theme/BrandMui';
import { MAX_VISIBLE_NOTIFICATIONS } from './constants';
import type { QueuedNotification } from './NotificationItem';
import { NotificationsContext, type Notify } from './notifications-context';

/** MUI's alerts (and the brand's MUI theme) load with the first alert. */
const NotificationItem = lazy(themed(() => import('./NotificationItem')));

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
      <div className="notifications">
        <Suspense fallback={null}>
          {queue.slice(0, MAX_VISIBLE_NOTIFICATIONS).map((item) => (
            <NotificationItem key={item.id} notification={item} onDismiss={dismiss} />
          ))}
        </Suspense>
      </div>
    </NotificationsContext>
  );
}
