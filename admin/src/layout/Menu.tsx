import AssessmentIcon from '@mui/icons-material/Assessment';
import HandshakeIcon from '@mui/icons-material/Handshake';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import PaymentsIcon from '@mui/icons-material/Payments';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import ShoppingBagIcon from '@mui/icons-material/ShoppingBag';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import { ListItemIcon, MenuItem, Tooltip } from '@mui/material';
import type { ReactElement } from 'react';
import { Menu as RaMenu, usePermissions, useSidebarState, useTranslate } from 'react-admin';
import { type MenuEntry, menuFor, type Section } from '../access';

const ICONS: Partial<Record<Section, ReactElement>> = {
  configurations: <SettingsIcon />,
  packages: <Inventory2Icon />,
  orders: <ReceiptLongIcon />,
  licenses: <VpnKeyIcon />,
  reports: <AssessmentIcon />,
  payments: <PaymentsIcon />,
  agreements: <HandshakeIcon />,
  dashboard: <ShoppingBagIcon />,
};

/** An entry that is shown but cannot be opened yet. */
const DisabledEntry = ({ entry }: { entry: MenuEntry }) => {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const label = translate(entry.label);
  return (
    <Tooltip title={`${label} · ${translate('app.menu.disabled')}`} placement="right">
      {/* The wrapper receives the hover: a disabled item ignores pointer events. */}
      <span>
        <MenuItem disabled aria-disabled="true" sx={{ color: 'text.secondary' }}>
          <ListItemIcon sx={{ minWidth: 40 }}>{ICONS[entry.section]}</ListItemIcon>
          {open && label}
        </MenuItem>
      </span>
    </Tooltip>
  );
};

/** The left menu: each entry only for the privileges that open it (access.ts). */
export const Menu = () => {
  const { permissions, isPending } = usePermissions<string[]>();
  const translate = useTranslate();
  if (isPending) return <RaMenu data-testid="main-menu" aria-busy="true" />;
  return (
    <RaMenu data-testid="main-menu">
      {menuFor(permissions).map((entry) =>
        entry.path ? (
          <RaMenu.Item key={entry.section} to={entry.path} primaryText={translate(entry.label)} leftIcon={ICONS[entry.section]} />
        ) : (
          <DisabledEntry key={entry.section} entry={entry} />
        ),
      )}
    </RaMenu>
  );
};
