import { useId, useState, type MouseEvent } from 'react';

/**
 * The feature popover's trigger: it opens on hover (and on tap or Enter, for touch and keyboards);
 * a click pins it open until the next click or a click outside.
 */
export function useFeaturePopover() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pinned, setPinned] = useState(false);
  const id = useId();
  const open = anchor !== null;
  const close = () => {
    setAnchor(null);
    setPinned(false);
  };
  const trigger = {
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': open,
    'aria-controls': open ? id : undefined,
    onMouseEnter: (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget),
    onMouseLeave: () => !pinned && setAnchor(null),
    onClick: (event: MouseEvent<HTMLElement>) => {
      if (pinned) close();
      else {
        setAnchor(event.currentTarget);
        setPinned(true);
      }
    },
  };
  return { trigger, panel: { id, anchor, pinned, onClose: close } };
}
