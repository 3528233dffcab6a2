import GroupIcon from '@mui/icons-material/Group';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import SecurityIcon from '@mui/icons-material/Security';
import VpnKeyOutlinedIcon from '@mui/icons-material/VpnKeyOutlined';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import type { ReactNode } from 'react';
import { Link, Logout, AppBar as RaAppBar, TitlePortal, usePermissions, UserMenu, useTranslate, useUserMenu } from 'react-admin';
import { allows, canOpen } from '../access';
import { useMailboxActive } from '../mailbox';
import { CartBadge } from './CartBadge';
import { Logo } from './Logo';

const UserMenuLink = ({ to, label, icon }: { to: string; label: string; icon: ReactNode }) => {
  const userMenu = useUserMenu();
  const translate = useTranslate();
  return (
    <MenuItem component={Link} to={to} onClick={() => userMenu?.onClose()}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{translate(label)}</ListItemText>
    </MenuItem>
  );
};

/** The user's menu: the platform administration (USERS_ADMIN), partners' API clients (API_CLIENTS), the development mailbox while it is active, and sign-out. */
const AppUserMenu = () => {
  const { permissions } = usePermissions<string[]>();
  const admin = canOpen(permissions, 'users');
  const apiClients = allows(permissions, 'api-clients', 'list');
  const mailbox = useMailboxActive(allows(permissions, 'mail-messages', 'list'));
  return (
    <UserMenu>
      {admin && <UserMenuLink to="/users" label="app.user_menu.users" icon={<GroupIcon fontSize="small" />} />}
      {admin && <UserMenuLink to="/roles" label="app.user_menu.roles" icon={<SecurityIcon fontSize="small" />} />}
      {apiClients && <UserMenuLink to="/api-clients" label="app.user_menu.api_clients" icon={<VpnKeyOutlinedIcon fontSize="small" />} />}
      {mailbox && <UserMenuLink to="/mail-messages" label="app.user_menu.mailbox" icon={<MailOutlineIcon fontSize="small" />} />}
      <Logout />
    </UserMenu>
  );
};

/** Header: brand logo (link to the landing page), page title, storefront cart badge, user name and menu. */
export const AppBar = () => (
  // On the surface colour: the brands' logos are drawn for light backgrounds.
  <RaAppBar userMenu={<AppUserMenu />} color="inherit" elevation={1}>
    <Logo />
    <TitlePortal />
    <CartBadge />
  </RaAppBar>
);
