import CheckIcon from '@mui/icons-material/Check';
import RemoveIcon from '@mui/icons-material/Remove';
import { Card, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { ListBase, Loading, Title, useGetList, useListContext, useTranslate } from 'react-admin';
import type { Role } from './types';

const Matrix = () => {
  const { data, isPending, error } = useListContext<Role>();
  // Every privilege with its description (GET /api/v1/privileges), granted to some role or not.
  const { data: catalogue, isPending: privilegesPending } = useGetList<{ id: string; description: string }>('privileges', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'id', order: 'ASC' },
  });
  const translate = useTranslate();
  if (isPending || privilegesPending) return <Loading />;
  if (error || !data) return null;
  const descriptions = new Map((catalogue ?? []).map((p) => [p.id, p.description]));
  const privileges = [...new Set([...descriptions.keys(), ...data.flatMap((role) => role.privileges)])].sort();
  const label = (code: string) => descriptions.get(code) ?? code;
  return (
    <Card sx={{ mt: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
        {translate('resources.roles.matrix.help')}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={translate('resources.roles.title')}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col" sx={{ minWidth: 220 }}>
                {translate('resources.roles.matrix.privilege')}
              </TableCell>
              {data.map((role) => (
                <TableCell key={role.id} component="th" scope="col" align="center" sx={{ width: 120, verticalAlign: 'bottom' }}>
                  <div>{role.name}</div>
                  <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {role.id}
                  </Typography>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {privileges.map((privilege) => (
              <TableRow key={privilege} hover>
                <TableCell component="th" scope="row">
                  <div>{label(privilege)}</div>
                  <Typography variant="caption" color="text.secondary">
                    {privilege}
                  </Typography>
                </TableCell>
                {data.map((role) => {
                  const granted = role.privileges.includes(privilege);
                  return (
                    <TableCell key={role.id} align="center">
                      {granted ? (
                        <CheckIcon color="success" titleAccess={translate('resources.roles.matrix.granted')} />
                      ) : (
                        <RemoveIcon color="disabled" titleAccess={translate('resources.roles.matrix.not_granted')} />
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
};

/** The privilege matrix (GET /api/v1/roles), read-only: privileges as rows, roles as columns. */
const RoleMatrix = () => {
  const translate = useTranslate();
  return (
    <ListBase perPage={100} sort={{ field: 'id', order: 'ASC' }}>
      <Title title={translate('resources.roles.title')} />
      <Matrix />
    </ListBase>
  );
};

export default RoleMatrix;
