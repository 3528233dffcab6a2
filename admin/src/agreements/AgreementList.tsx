import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import {
  Card,
  IconButton,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useGetList, useNavigate, useTranslate } from 'react-admin';
import { bogotaToday } from '@licencias/common/dates';
import { EmptyResults } from '../components/EmptyResults';
import { LoadFailure } from '../components/LoadFailure';
import { SearchField } from '../components/SearchField';
import { useNarrow } from '../components/useNarrow';
import { AgreementCards } from './AgreementCards';
import { AgreementRowActions } from './AgreementRowActions';
import { dayText } from './format';
import { PageBox } from './PageBox';
import { useAgreementPrivileges } from './privileges';
import { CREATE_PATH } from './routes';
import type { AgreementSummary } from './types';

/** Agreements fetched per request (skip/take 100, §9); the table pages over them 10, 25 or 50 at a time. */
const FETCH_PAGE = 100;
const ROWS_PER_PAGE = [10, 25, 50];
const SEARCH_DELAY_MS = 300;
/** Below this width the columns do not fit: each agreement is an item instead. */
const TABLE_MIN_WIDTH = 600;

/** 'Convenios' (§2): search, create icon, Producto, No. de oportunidad, Fecha inicio, Fecha fin, detail and edit icons. */
export const AgreementList = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const privileges = useAgreementPrivileges();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(10);
  const today = bogotaToday();
  const [measure, narrow] = useNarrow<HTMLDivElement>(TABLE_MIN_WIDTH);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(typed.trim());
      setPage(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const first = page * rowsPerPage;
  const block = Math.floor(first / FETCH_PAGE);
  const { data, total, isPending, isFetching, error, refetch } = useGetList<AgreementSummary>('agreements', {
    pagination: { page: block + 1, perPage: FETCH_PAGE },
    sort: { field: 'id', order: 'DESC' },
    filter: q ? { q } : {},
  });
  const rows = (data ?? []).slice(first - block * FETCH_PAGE, first - block * FETCH_PAGE + rowsPerPage);
  const label = (field: string) => translate(`resources.agreements.fields.${field}`);

  return (
    <PageBox>
      <Title title={translate('resources.agreements.title')} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {translate('resources.agreements.title')}
        </Typography>
        <SearchField value={typed} onChange={setTyped} placeholder={translate('resources.agreements.search')} />
        {privileges.create && (
          <Tooltip title={translate('resources.agreements.actions.create')}>
            <IconButton color="primary" aria-label={translate('resources.agreements.actions.create')} onClick={() => navigate(CREATE_PATH)}>
              <AddCircleOutlineIcon fontSize="large" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <Card sx={{ minWidth: 0 }} ref={measure}>
        {isFetching && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {error ? (
          <LoadFailure onRetry={() => void refetch()} />
        ) : (
          <>
            {narrow ? (
              <AgreementCards rows={rows} privileges={privileges} today={today} />
            ) : (
              <TableContainer sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label={translate('resources.agreements.title')} sx={{ minWidth: 560 }}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{label('serviceDescription')}</TableCell>
                      <TableCell>{label('contractNumber')}</TableCell>
                      <TableCell>{label('contractStartDate')}</TableCell>
                      <TableCell>{label('contractEndDate')}</TableCell>
                      <TableCell align="right">{label('actions')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((row) => (
                      <TableRow key={row.id} hover>
                        <TableCell>{row.serviceDescription}</TableCell>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.contractNumber}</TableCell>
                        <TableCell>{dayText(row.contractStartDate)}</TableCell>
                        <TableCell>{dayText(row.contractEndDate)}</TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          <AgreementRowActions row={row} privileges={privileges} today={today} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
            {!isPending && rows.length === 0 && <EmptyResults />}
            <TablePagination
              component="div"
              count={total ?? 0}
              page={page}
              onPageChange={(_event, next) => setPage(next)}
              rowsPerPage={rowsPerPage}
              rowsPerPageOptions={ROWS_PER_PAGE}
              onRowsPerPageChange={(event) => {
                setRowsPerPage(Number(event.target.value));
                setPage(0);
              }}
              labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
              labelDisplayedRows={({ from, to, count }) => `${from}-${to} de ${count}`}
            />
          </>
        )}
      </Card>
    </PageBox>
  );
};
