import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A table with nothing to show: 'No existe información correspondiente a los criterios de búsqueda'. */
export const EmptyResults = ({ message = 'app.catalogue.no_results' }: { message?: string }) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center', p: 3, color: 'text.secondary' }} role="status">
      <SearchOffIcon fontSize="small" />
      <Typography variant="body2">{translate(message)}</Typography>
    </Stack>
  );
};
