import Link from '@mui/material/Link';

/** Keyboard users jump over the header to the page (visible only when focused). */
export function SkipLink({ target }: { target: string }) {
  return (
    <Link
      href={`#${target}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.appBar + 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        px: 2,
        py: 1,
        borderRadius: 1,
        boxShadow: 2,
        '&:focus': { top: 8 },
      }}
    >
      Saltar al contenido
    </Link>
  );
}
