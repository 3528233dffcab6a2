import { useEffect } from 'react';
import { Layout as RaLayout, type LayoutProps } from 'react-admin';
import { startSessionMonitor, stopSessionMonitor } from '../session/sessionMonitor';
import { AppBar } from './AppBar';
import { Menu } from './Menu';

/**
 * The back-office frame: app bar (logo, page title, cart badge, user menu) and the left menu.
 * While it is mounted (signed in, on an admin route) the session hub watches the session.
 */
export const Layout = ({ children }: LayoutProps) => {
  useEffect(() => {
    startSessionMonitor();
    return () => {
      void stopSessionMonitor();
    };
  }, []);
  return (
    <RaLayout appBar={AppBar} menu={Menu}>
      {children}
    </RaLayout>
  );
};
