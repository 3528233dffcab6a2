import { Backdrop, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Shown while a dialog's code loads (dialogs are chunks of their own). */
export const DialogLoading = () => {
  const translate = useTranslate();
  return (
    <Backdrop open sx={{ zIndex: (theme) => theme.zIndex.modal }}>
      <CircularProgress color="inherit" aria-label={translate('ra.page.loading')} />
    </Backdrop>
  );
};
