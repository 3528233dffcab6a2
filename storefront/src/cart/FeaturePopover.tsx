import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { featureLabel } from './features';
import type { CartPackageFeature } from './types';

/**
 * The features of a package in a popover that opens on hover (and on tap or Enter, for touch and
 * keyboards): '(Ilimitadas)' for unlimited ones (§2 Cart modal).
 */
export function FeaturePopover({ packageName, features }: { packageName: string; features: CartPackageFeature[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pinned, setPinned] = useState(false);
  const id = useId();
  const open = anchor !== null;
  const close = () => {
    setAnchor(null);
    setPinned(false);
  };
  return (
    <>
      <Button
        size="small"
        variant="text"
        endIcon={<InfoOutlined fontSize="small" aria-hidden="true" />}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onMouseEnter={(event) => setAnchor(event.currentTarget)}
        onMouseLeave={() => !pinned && setAnchor(null)}
        onClick={(event) => {
          if (pinned) close();
          else {
            setAnchor(event.currentTarget);
            setPinned(true);
          }
        }}
        sx={{ px: 0.5, minWidth: 0, fontWeight: 500 }}
      >
        Características
      </Button>
      <Popover
        id={id}
        open={open}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
        disableRestoreFocus
        // While it only follows the pointer it must not catch it, or it would close itself.
        sx={pinned ? undefined : { pointerEvents: 'none' }}
        slotProps={{ paper: { sx: { p: 2, maxWidth: 320 }, role: 'dialog', 'aria-label': `Características de ${packageName}` } }}
      >
        <Typography variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
          {packageName}
        </Typography>
        {features.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No se encontró resultados
          </Typography>
        ) : (
          <List dense disablePadding>
            {features.map((feature) => (
              <ListItem key={feature.itemPackageId ?? feature.serviceFeature.serviceFeatureCode} disableGutters sx={{ py: 0.25 }}>
                <Typography variant="body2">• {featureLabel(feature)}</Typography>
              </ListItem>
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
