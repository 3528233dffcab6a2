import ChevronLeft from '@mui/icons-material/ChevronLeft';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';

const STYLE = { display: 'inline-flex', alignItems: 'center', fontWeight: 600 } as const;

/** 'Volver' of the purchase flow's pages: a full address (a brand's landing or login URL) leaves the store, a path stays in it. */
export function BackLink({ to }: { to: string }) {
  const content = (
    <>
      <ChevronLeft fontSize="small" aria-hidden="true" />
      Volver
    </>
  );
  return /^https?:\/\//i.test(to) ? (
    <Link href={to} underline="hover" sx={STYLE}>
      {content}
    </Link>
  ) : (
    <Link component={RouterLink} to={to} underline="hover" sx={STYLE}>
      {content}
    </Link>
  );
}
