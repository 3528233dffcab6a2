import { useLayoutEffect, useState } from 'react';

/**
 * Whether the element is narrower than `minWidth` (what a table needs to show every column
 * without cutting words), followed as it resizes: the sidebar opening, the window, the zoom.
 * Lists show their compact form when it is.
 */
export function useNarrow<T extends HTMLElement>(minWidth: number) {
  const [element, setElement] = useState<T | null>(null);
  const [narrow, setNarrow] = useState(false);
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => setNarrow(element.clientWidth < minWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, minWidth]);
  return [setElement, narrow] as const;
}
