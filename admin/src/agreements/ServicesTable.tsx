import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import { IconButton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { labelOf, rowQuantity, UNKNOWN } from './format';
import type { ContractParameters, ProductPackage } from './types';
import type { ServiceRow } from './values';

/** On phones the validity columns fold under the service's name. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** The added services: Servicio, Cantidad, Tipo de vigencia, Cantidad de vigencia, with edit and delete per row. */
export const ServicesTable = ({
  rows,
  packages,
  parameters,
  onEdit,
  onDelete,
}: {
  rows: readonly ServiceRow[];
  packages: readonly ProductPackage[];
  parameters: ContractParameters | undefined;
  onEdit: (row: ServiceRow) => void;
  onDelete: (row: ServiceRow) => void;
}) => {
  const translate = useTranslate();
  const label = (field: string) => translate(`resources.agreements.fields.${field}`);
  if (!rows.length) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
        {translate('resources.agreements.no_services')}
      </Typography>
    );
  }
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('resources.agreements.steps.services')}>
        <TableHead>
          <TableRow>
            <TableCell>{label('service')}</TableCell>
            <TableCell align="right">{label('quantity')}</TableCell>
            <TableCell sx={WIDE_ONLY}>{label('validityType')}</TableCell>
            <TableCell align="right" sx={WIDE_ONLY}>
              {label('validityAmount')}
            </TableCell>
            <TableCell align="right">{label('actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const name = packages.find((p) => p.packageCode === row.packageCode)?.packageName ?? UNKNOWN;
            return (
              <TableRow key={row.key}>
                <TableCell>
                  {name}
                  <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                    {row.validityAmount || UNKNOWN} {labelOf(parameters?.validityTypes, row.validityType)}
                  </Typography>
                </TableCell>
                <TableCell align="right">{rowQuantity(row)}</TableCell>
                <TableCell sx={WIDE_ONLY}>{labelOf(parameters?.validityTypes, row.validityType)}</TableCell>
                <TableCell align="right" sx={WIDE_ONLY}>
                  {row.validityAmount || UNKNOWN}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={translate('resources.agreements.actions.edit_service')}>
                    <IconButton size="small" aria-label={`${translate('resources.agreements.actions.edit_service')} ${name}`} onClick={() => onEdit(row)}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={translate('resources.agreements.actions.delete_service')}>
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`${translate('resources.agreements.actions.delete_service')} ${name}`}
                        onClick={() => onDelete(row)}
                        disabled={row.isExist}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
