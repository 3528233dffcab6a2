import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Button from '@mui/material/Button';
import FeaturePanel from './FeaturePanel';
import type { CartPackageFeature } from './types';
import { useFeaturePopover } from './use-feature-popover';

/**
 * The features of a package in a popover that opens on hover (and on tap or Enter, for touch and
 * keyboards): '(Ilimitadas)' for unlimited ones (§2 Cart modal).
 */
export function FeaturePopover({ packageName, features }: { packageName: string; features: CartPackageFeature[] }) {
  const { trigger, panel } = useFeaturePopover();
  return (
    <>
      <Button
        size="small"
        variant="text"
        endIcon={<InfoOutlined fontSize="small" aria-hidden="true" />}
        {...trigger}
        sx={{ px: 0.5, minWidth: 0, fontWeight: 500 }}
      >
        Características
      </Button>
      <FeaturePanel {...panel} packageName={packageName} features={features} />
    </>
  );
}
