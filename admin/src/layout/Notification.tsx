import { Alert, Box, Button, Collapse } from '@mui/material';
import { isValidElement, useCallback, useEffect, useRef, useState } from 'react';
import { CloseNotificationContext, type NotificationPayload, useNotificationContext, useTakeUndoableMutation, useTranslate } from 'react-admin';

/** Snackbars shown at once (licences-and-agreements.md §2 and §9: up to 3). */
export const MAX_VISIBLE = 3;
/** Default time an alert stays on screen; a notification may set its own (null: until closed). */
export const AUTO_HIDE_MS = 7_000;

interface Shown {
  key: number;
  payload: NotificationPayload;
}

const NotificationItem = ({ payload, onExited }: { payload: NotificationPayload; onExited: () => void }) => {
  const translate = useTranslate();
  const takeMutation = useTakeUndoableMutation();
  const [open, setOpen] = useState(true);
  const [paused, setPaused] = useState(false);
  const undone = useRef(false);
  const { message, type, notificationOptions = {} } = payload;
  const { autoHideDuration, messageArgs, multiLine, undoable } = notificationOptions;
  const duration: number | null = autoHideDuration === undefined ? AUTO_HIDE_MS : autoHideDuration;

  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!open || paused || duration === null) return;
    const timer = setTimeout(close, duration);
    return () => clearTimeout(timer);
  }, [open, paused, duration, close]);

  // An undoable change is sent when its notification goes away: warn before leaving the page.
  useEffect(() => {
    if (!undoable) return;
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [undoable]);

  const handleExited = () => {
    if (undoable && !undone.current) takeMutation()?.({ isUndo: false });
    onExited();
  };

  const handleUndo = () => {
    undone.current = true;
    takeMutation()?.({ isUndo: true });
    close();
  };

  const content = typeof message === 'string' ? translate(message, messageArgs) : isValidElement(message) ? message : null;

  return (
    <CloseNotificationContext.Provider value={close}>
      <Collapse in={open} appear onExited={handleExited}>
        <Alert
          variant="filled"
          severity={type}
          onClose={close}
          onMouseEnter={() => setPaused(true)}
          onMouseLeave={() => setPaused(false)}
          onFocus={() => setPaused(true)}
          onBlur={() => setPaused(false)}
          slotProps={{ closeButton: { title: translate('ra.action.close') }, closeIcon: { fontSize: 'small' } }}
          action={
            undoable ? (
              <Button color="inherit" size="small" onClick={handleUndo}>
                {translate('ra.action.undo')}
              </Button>
            ) : undefined
          }
          sx={{ boxShadow: 6, mb: 1, whiteSpace: multiLine ? 'pre-wrap' : undefined, alignItems: 'center' }}
        >
          {content}
        </Alert>
      </Collapse>
    </CloseNotificationContext.Provider>
  );
};

/**
 * react-admin's notifications, customised: up to three alerts stacked at the top right, each
 * hiding after 7 s (paused while hovered or focused); the rest wait in react-admin's queue.
 */
export const NotificationStack = () => {
  const { notifications, takeNotification } = useNotificationContext();
  const [shown, setShown] = useState<Shown[]>([]);
  const nextKey = useRef(0);

  useEffect(() => {
    if (!notifications.length || shown.length >= MAX_VISIBLE) return;
    const payload = takeNotification();
    if (payload) setShown((list) => [...list, { key: nextKey.current++, payload }]);
  }, [notifications, shown.length, takeNotification]);

  const remove = (key: number) => setShown((list) => list.filter((item) => item.key !== key));

  return (
    <Box
      aria-live="polite"
      sx={{
        position: 'fixed',
        top: { xs: 64, sm: 72 },
        right: 16,
        width: 'min(440px, calc(100vw - 32px))',
        zIndex: (theme) => theme.zIndex.snackbar,
        pointerEvents: shown.length ? 'auto' : 'none',
      }}
      data-testid="notifications"
    >
      {shown.map((item) => (
        <NotificationItem key={item.key} payload={item.payload} onExited={() => remove(item.key)} />
      ))}
    </Box>
  );
};
