import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import RefreshIcon from '@mui/icons-material/Refresh';
import { IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title, useNavigate, useTranslate } from 'react-admin';
import { LIST_PATH } from './routes';

/** The title of an agreement screen (the app bar says 'Convenios'), with 'Volver a la lista' and the reload icon (the page reloads). */
export const PageHeader = ({ title, pageTitle, actions }: { title: string; pageTitle?: string; actions?: ReactNode }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <>
      <Title title={pageTitle ?? translate('resources.agreements.title')} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <Tooltip title={translate('resources.agreements.actions.to_list')}>
          <IconButton aria-label={translate('resources.agreements.actions.to_list')} onClick={() => navigate(LIST_PATH)}>
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
        <Tooltip title={translate('resources.agreements.actions.reload')}>
          <IconButton aria-label={translate('resources.agreements.actions.reload')} onClick={() => window.location.reload()}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
      </Stack>
    </>
  );
};
