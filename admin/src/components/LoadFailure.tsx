import { Alert, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CATALOGUE_MESSAGES } from './errors';

/** A list that could not be read: 'No es posible obtener la información', with a button to try again. */
export const LoadFailure = ({ onRetry }: { onRetry: () => void }) => {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {translate('ra.action.refresh')}
        </Button>
      }
    >
      {CATALOGUE_MESSAGES.noInformation}
    </Alert>
  );
};
