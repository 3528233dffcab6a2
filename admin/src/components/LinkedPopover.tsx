import { Box, IconButton, List, ListItem, ListItemText, Skeleton, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { useTranslate } from 'react-admin';
import { CATALOGUE_MESSAGES } from './errors';

export interface LinkedItem {
  key: string | number;
  primary: string;
  secondary?: string;
}

const LinkedContent = ({ title, queryKey, load }: { title: string; queryKey: readonly unknown[]; load: () => Promise<LinkedItem[]> }) => {
  const translate = useTranslate();
  const { data, isPending, isError } = useQuery({ queryKey, queryFn: load, staleTime: 30_000, retry: false });
  return (
    <Box sx={{ minWidth: 220, maxWidth: 360, maxHeight: 320, overflowY: 'auto' }} role="region" aria-label={title}>
      <Typography variant="subtitle2" component="p" sx={{ px: 1, pt: 1 }}>
        {title}
      </Typography>
      {isPending ? (
        <Box sx={{ p: 1 }} aria-busy="true">
          <Skeleton variant="text" width="80%" />
          <Skeleton variant="text" width="60%" />
        </Box>
      ) : isError ? (
        <Typography variant="body2" color="error" sx={{ p: 1 }}>
          {CATALOGUE_MESSAGES.linkedFailure}
        </Typography>
      ) : data.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
          {translate('app.catalogue.no_linked_results')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {data.map((item) => (
            <ListItem key={item.key} sx={{ py: 0 }}>
              <ListItemText primary={item.primary} secondary={item.secondary} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
};

/**
 * An icon that shows, on hover or keyboard focus (or a tap), what is linked to a record: the
 * list loads when it first opens and is kept 30 s. Empty: 'No se encontraron resultados'; a failed
 * call: 'Se ha presentado un error al procesar la solicitud'.
 */
export const LinkedPopover = ({
  icon,
  title,
  queryKey,
  load,
}: {
  icon: ReactElement;
  title: string;
  queryKey: readonly unknown[];
  load: () => Promise<LinkedItem[]>;
}) => {
  const [open, setOpen] = useState(false);
  return (
    <Tooltip
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      enterDelay={150}
      enterTouchDelay={0}
      leaveDelay={100}
      title={<LinkedContent title={title} queryKey={queryKey} load={load} />}
      slotProps={{
        tooltip: {
          sx: (theme) => ({
            bgcolor: 'background.paper',
            color: 'text.primary',
            boxShadow: theme.shadows[6],
            border: `1px solid ${theme.palette.divider}`,
            maxWidth: 380,
            p: 0,
          }),
        },
      }}
    >
      <IconButton size="small" aria-label={title} onClick={() => setOpen((value) => !value)}>
        {icon}
      </IconButton>
    </Tooltip>
  );
};
