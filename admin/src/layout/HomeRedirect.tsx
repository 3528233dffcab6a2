import { Navigate } from 'react-router';
import { Loading, usePermissions } from 'react-admin';
import { landingPath } from '../access';
import { AccessDenied } from './AccessDenied';

/** /admin opens the first menu entry the user may open (the spec's default landing: /configurations). */
export const HomeRedirect = () => {
  const { permissions, isPending } = usePermissions<string[]>();
  if (isPending) return <Loading />;
  const path = landingPath(permissions);
  return path ? <Navigate to={path} replace /> : <AccessDenied message="app.page.no_sections" />;
};
