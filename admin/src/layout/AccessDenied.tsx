import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { MESSAGES } from '../httpErrors';

/**
 * What a page shows to a role that cannot use it. The text is the spec's: 'No tienes los
 * suficientes privilegios para realizar esta acción.'
 */
export const AccessDenied = ({ message }: { message?: string }) => {
  const translate = useTranslate();
  return (
    <>
      <Title title={translate('ra.page.access_denied')} />
      <Card sx={{ mt: 2 }} role="alert">
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <LockOutlinedIcon color="warning" fontSize="large" />
            <Typography variant="body1">{message ? translate(message) : MESSAGES.forbidden}</Typography>
          </Stack>
        </CardContent>
      </Card>
    </>
  );
};

/** react-admin's `accessDenied` page (resources refused by authProvider.canAccess). */
export const AccessDeniedPage = () => <AccessDenied />;
