import CheckIcon from '@mui/icons-material/Check';
import RemoveIcon from '@mui/icons-material/Remove';
import { Box, Card, List, ListItem, ListItemText, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { ListBase, Loading, Title, useGetList, useListContext, useTranslate } from 'react-admin';
import { useNarrow } from '../components/useNarrow';
import type { Role } from './types';

const Matrix = () => {
  const { data, isPending, error } = useListContext<Role>();
  // Every privilege with its description (GET /api/v1/privileges), granted to some role or not.
  const { data: catalogue, isPending: privilegesPending } = useGetList<{ id: string; description: string }>('privileges', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'id', order: 'ASC' },
  });
  const translate = useTranslate();
  // Below this width the role columns cannot keep their names whole: one item per role instead.
  const [measured, narrow] = useNarrow<HTMLDivElement>(720);
  if (isPending || privilegesPending) return <Loading />;
  if (error || !data) return null;
  const descriptions = new Map((catalogue ?? []).map((p) => [p.id, p.description]));
  const privileges = [...new Set([...descriptions.keys(), ...data.flatMap((role) => role.privileges)])].sort();
  const label = (code: string) => descriptions.get(code) ?? code;
  return (
    // Inline-size containment: the card takes the width it is given, whatever the matrix needs.
    <Card sx={{ mt: 2, contain: 'inline-size' }} ref={measured}>
      <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
        {translate('resources.roles.matrix.help')}
      </Typography>
      {narrow ? (
        <List disablePadding aria-label={translate('resources.roles.title')} className="compact-list">
          {data.map((role) => (
            <ListItem key={role.id} divider sx={{ alignItems: 'flex-start' }}>
              <ListItemText
                primary={
                  <>
                    {role.name}{' '}
                    <Typography component="span" variant="caption" color="text.secondary">
                      {role.id}
                    </Typography>
                  </>
                }
                secondary={role.privileges.length ? role.privileges.map(label).join(' · ') : translate('resources.roles.matrix.not_granted')}
                slotProps={{ primary: { sx: { fontWeight: 500 } } }}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={translate('resources.roles.title')}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col" sx={{ minWidth: 240 }}>
                  {translate('resources.roles.matrix.privilege')}
                </TableCell>
                {data.map((role) => (
                  // The name wraps between words; the role's code (one long word) is its tooltip.
                  <TableCell key={role.id} component="th" scope="col" align="center" sx={{ width: 112, verticalAlign: 'bottom' }}>
                    <Tooltip title={role.id}>
                      <Box component="span" aria-label={`${role.name} (${role.id})`}>
                        {role.name}
                      </Box>
                    </Tooltip>
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
      )}
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
