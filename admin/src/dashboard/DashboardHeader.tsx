import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';

/** The title of a dashboard screen (also the app bar's), with the back arrow when it has somewhere to go back to. */
export const DashboardHeader = ({ title, back, subtitle }: { title: string; back?: string; subtitle?: ReactNode }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <>
      <Title title={title} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, minWidth: 0 }}>
        {back && (
          <Tooltip title={translate('resources.dashboard.back')}>
            <IconButton aria-label={translate('resources.dashboard.back')} onClick={() => navigate(back)}>
              <ArrowBackIcon />
            </IconButton>
          </Tooltip>
        )}
        <Stack sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {subtitle}
            </Typography>
          )}
        </Stack>
      </Stack>
    </>
  );
};
