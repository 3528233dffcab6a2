import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { Box, Button, IconButton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { dayToText } from '@licencias/common/dates';
import type { ContractServiceDetail } from './dashboardApi';
import { contractQuantity } from './format';

/** A header only screen readers read (the column of the 'Ver detalle' buttons). */
const VISUALLY_HIDDEN = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** On phones the dates fold under the contract number. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** The contracts of a package (§2.5): Contrato, Fecha inicio, Fecha vencimiento, Total, Disponibles, Usados and 'Ver detalle'. */
export const ContractsTable = ({
  contracts,
  onDetail,
}: {
  contracts: readonly ContractServiceDetail[];
  onDetail: (contract: ContractServiceDetail) => void;
}) => {
  const translate = useTranslate();
  const label = (key: string) => translate(`resources.dashboard.products.${key}`);
  if (!contracts.length) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ p: 2 }} role="status">
        {label('no_contracts')}
      </Typography>
    );
  }
  const end = (contract: ContractServiceDetail) => (contract.expirationDate ? dayToText(contract.expirationDate) : label('no_end'));
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label('contracts')} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell>{label('contract')}</TableCell>
            <TableCell sx={WIDE_ONLY}>{label('start')}</TableCell>
            <TableCell sx={WIDE_ONLY}>{label('end')}</TableCell>
            <TableCell align="right">{label('total_column')}</TableCell>
            <TableCell align="right">{label('available_column')}</TableCell>
            <TableCell align="right">{label('used_column')}</TableCell>
            <TableCell align="right">
              <Box component="span" sx={VISUALLY_HIDDEN}>
                {label('detail')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {contracts.map((contract) => (
            <TableRow key={`${contract.contractNumber}-${contract.serviceFeatureId}`} data-testid="contract-row">
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {contract.contractNumber}
                <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                  {`${dayToText(contract.effectiveDate)} – ${end(contract)}`}
                </Typography>
              </TableCell>
              <TableCell sx={WIDE_ONLY}>{dayToText(contract.effectiveDate)}</TableCell>
              <TableCell sx={WIDE_ONLY}>{end(contract)}</TableCell>
              <TableCell align="right">{contract.isUnlimited ? translate('resources.dashboard.unlimited') : contractQuantity(contract.totalAmmount)}</TableCell>
              <TableCell align="right">{contract.isUnlimited ? translate('resources.dashboard.unlimited') : contractQuantity(contract.totalBalance)}</TableCell>
              <TableCell align="right">{contractQuantity(contract.totalUsed)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Button size="small" onClick={() => onDetail(contract)} sx={{ display: { xs: 'none', md: 'inline-flex' } }}>
                  {label('detail')}
                </Button>
                <Tooltip title={label('detail')}>
                  <IconButton
                    size="small"
                    aria-label={`${label('detail')} ${contract.contractNumber}`}
                    onClick={() => onDetail(contract)}
                    sx={{ display: { xs: 'inline-flex', md: 'none' } }}
                  >
                    <VisibilityOutlinedIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
