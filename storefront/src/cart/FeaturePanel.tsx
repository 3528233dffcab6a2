import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { featureLabel } from './features';
import type { CartPackageFeature } from './types';

export interface FeaturePanelProps {
  id: string;
  anchor: HTMLElement | null;
  /** Opened by a click or a tap (it takes the pointer), not only by hovering. */
  pinned: boolean;
  packageName: string;
  features: CartPackageFeature[];
  onClose: () => void;
}

/** The popover with a package's features, '(Ilimitadas)' for unlimited ones (§2 Cart modal). */
export default function FeaturePanel({ id, anchor, pinned, packageName, features, onClose }: FeaturePanelProps) {
  return (
    <Popover
      id={id}
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
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
  );
}
