import Box, { type BoxProps } from '@mui/material/Box';
import { useMemo } from 'react';
import { sanitizeSummary } from './summary-html';

type Props = Omit<BoxProps, 'children' | 'dangerouslySetInnerHTML'> & { html: string | null | undefined };

/** The one way the storefront shows a package's rich summary: through the summary sanitizer. */
export function SummaryHtml({ html, ...props }: Props) {
  const clean = useMemo(() => sanitizeSummary(html), [html]);
  if (!clean) return null;
  return <Box {...props} dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** The same, as a plain element with a class (no MUI: the store home's cards render before MUI loads). */
export function SummaryBlock({ html, className }: { html: string | null | undefined; className?: string }) {
  const clean = useMemo(() => sanitizeSummary(html), [html]);
  if (!clean) return null;
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
