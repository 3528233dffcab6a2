import type { ReactNode } from 'react';
import { Loading, useCanAccess } from 'react-admin';
import type { Section } from '../access';
import { AccessDenied } from './AccessDenied';

/** Renders a custom page only for the privileges of its section (authProvider.canAccess). */
export const Restricted = ({ section, children }: { section: Section; children: ReactNode }) => {
  const { canAccess, isPending } = useCanAccess({ resource: section, action: 'access' });
  if (isPending) return <Loading />;
  return canAccess ? children : <AccessDenied />;
};
