import { Box, Tooltip } from '@mui/material';
import { useLayoutEffect, useRef, useState } from 'react';

/**
 * A cell's text in at most `lines` lines: cut with an ellipsis when longer, and then the whole
 * text is in a tooltip (and the element's accessible name). Words are never broken while they
 * fit the column; only a single word wider than the column is broken (several lines, hyphenated
 * where the browser knows Spanish) or cut (one line). Without the break, a long word such as
 * 'Almacenamiento' lost its last letters without an ellipsis.
 */
export const Truncate = ({ text, lines = 1 }: { text: string | null | undefined; lines?: number }) => {
  const ref = useRef<HTMLSpanElement>(null);
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setCut(element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, lines]);
  if (!text) return null;
  return (
    <Tooltip title={cut ? text : ''} placement="bottom-start" enterDelay={300}>
      <Box
        component="span"
        ref={ref}
        sx={
          lines === 1
            ? { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }
            : { display: '-webkit-box', WebkitLineClamp: lines, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'break-word', hyphens: 'auto' }
        }
      >
        {text}
      </Box>
    </Tooltip>
  );
};
