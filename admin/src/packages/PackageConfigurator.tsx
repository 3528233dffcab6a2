import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import SaveIcon from '@mui/icons-material/Save';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Card,
  CircularProgress,
  IconButton,
  InputAdornment,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { api } from '../api';
import { CATALOGUE_MESSAGES, errorBody, errorStatus, serverFailure } from '../components/errors';
import { MESSAGES, unwrap } from '../httpErrors';
import { type Changes, type PackageChanges, savePayload, withChange } from './configuration';
import { usePackageTypes } from './lookups';
import { PackageCard } from './PackageCard';
import { PACKAGE_TYPE_IDS, type PackageTypeId } from './types';

const SEARCH_MAX = 100;

/** Packages of a type with every feature of their services (POST GetPackagesConfiguration). */
function usePackageConfiguration(type: PackageTypeId, name: string) {
  return useQuery({
    queryKey: ['package-configuration', type, name],
    queryFn: async ({ signal }) => {
      const answer = await unwrap(
        api.POST('/license/api/package/GetPackagesConfiguration', { body: { PackageType: type, PackageName: name || null }, signal }),
      );
      return answer.result?.records ?? [];
    },
    retry: false,
  });
}

/** 422: the server's message; anything else: 'No es posible obtener la información'. */
function loadFailure(error: unknown): string {
  return errorStatus(error) === 422 ? (errorBody(error)?.statusMessage ?? CATALOGUE_MESSAGES.noInformation) : CATALOGUE_MESSAGES.noInformation;
}

/**
 * 'Configurar paquetes': the packages of a type (1, 2 or 3) as a carousel of cards, 2 per view
 * (1 when only one exists or on a narrow screen), searched by name when Enter is pressed. Feature
 * changes are kept per package (across types and searches) until 'Guardar Configuración' sends
 * them in one call, each package with the version read.
 */
const PackageConfigurator = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const { types } = usePackageTypes();
  const [type, setType] = useState<PackageTypeId>(1);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [changes, setChanges] = useState<Changes>(new Map<number, PackageChanges>());
  const [saving, setSaving] = useState(false);
  const { data: packages = [], isPending, isFetching, error, refetch } = usePackageConfiguration(type, search);

  const perView = packages.length <= 1 || narrow ? 1 : 2;
  const pages = Math.max(1, Math.ceil(packages.length / perView));
  useEffect(() => setPage(0), [type, search]);
  useEffect(() => {
    if (page > pages - 1) setPage(pages - 1);
  }, [page, pages]);
  const visible = packages.slice(page * perView, page * perView + perView);
  const pendingSearch = typed.trim() !== search;

  const save = async () => {
    setSaving(true);
    try {
      const answer = await unwrap(api.POST('/license/api/package/SetFeaturesDependingPackage', { body: savePayload(changes) }));
      notify(answer.statusMessage || 'resources.packages.configure.saved', { type: 'success' });
      setChanges(new Map());
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['package-configuration'] }), queryClient.invalidateQueries({ queryKey: ['packages'] })]);
    } catch (failure) {
      const status = errorStatus(failure);
      if (status === 409) notify(MESSAGES.conflict, { type: 'warning', autoHideDuration: 10_000 });
      else if (status === 422) notify(errorBody(failure)?.statusMessage ?? CATALOGUE_MESSAGES.server, { type: 'warning' });
      else if (status !== undefined && status >= 500) notify(serverFailure(failure), { type: 'error' });
      else notify(failure instanceof Error ? failure.message : CATALOGUE_MESSAGES.server, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const changedPackages = changes.size;
  return (
    <Box>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'flex-start' } }}>
        <TextField
          select
          label={translate('resources.packages.configure.type')}
          value={type}
          onChange={(event) => setType(Number(event.target.value) as PackageTypeId)}
          size="small"
          sx={{ width: { xs: '100%', md: 220 }, flexShrink: 0 }}
        >
          {PACKAGE_TYPE_IDS.map((id) => (
            <MenuItem key={id} value={id}>
              {types.find((t) => t.id === id)?.packageTypeName ?? id}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          value={typed}
          onChange={(event) => setTyped(event.target.value.slice(0, SEARCH_MAX))}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              setSearch(typed.trim());
            }
          }}
          label={translate('resources.packages.configure.search')}
          size="small"
          sx={{ width: { xs: '100%', md: 380 }, flexShrink: 0 }}
          helperText={pendingSearch ? translate('resources.packages.configure.press_enter') : ' '}
          slotProps={{
            htmlInput: { maxLength: SEARCH_MAX, enterKeyHint: 'search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: isFetching ? <CircularProgress size={16} aria-label={translate('ra.page.loading')} /> : undefined,
            },
          }}
        />
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="contained"
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}
          disabled={changedPackages === 0 || saving}
          onClick={() => void save()}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0, alignSelf: { md: 'flex-start' } }}
        >
          {translate('resources.packages.configure.save')}
        </Button>
      </Stack>
      {changedPackages > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status">
          {translate('resources.packages.configure.pending', { smart_count: changedPackages })}
        </Typography>
      )}
      {error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {translate('ra.action.refresh')}
            </Button>
          }
        >
          {loadFailure(error)}
        </Alert>
      ) : isPending ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }} aria-busy="true">
          {[0, 1].map((key) => (
            <Card variant="outlined" key={key} sx={{ p: 2 }}>
              <Skeleton variant="text" width="60%" height={32} />
              <Skeleton variant="text" width="30%" />
              <Skeleton variant="rectangular" height={160} sx={{ mt: 2 }} />
            </Card>
          ))}
        </Box>
      ) : packages.length === 0 ? (
        <Card variant="outlined" sx={{ p: 3, textAlign: 'center' }} role="status">
          <Typography color="text.secondary">{translate('resources.packages.configure.no_records')}</Typography>
          {pendingSearch && (
            <Typography variant="body2" color="text.secondary">
              {translate('resources.packages.configure.press_enter')}
            </Typography>
          )}
        </Card>
      ) : (
        <Box component="section" aria-roledescription="carousel" aria-label={translate('resources.packages.configure.carousel')}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center', mb: 1 }}>
            <IconButton
              aria-label={translate('resources.packages.configure.previous')}
              onClick={() => setPage((p) => Math.max(0, p - 1))}
              disabled={page === 0}
            >
              <ChevronLeftIcon />
            </IconButton>
            <Stack direction="row" spacing={0.5} role="group" aria-label={translate('resources.packages.configure.pages')}>
              {Array.from({ length: pages }, (_, index) => (
                <Box
                  key={index}
                  component="button"
                  type="button"
                  onClick={() => setPage(index)}
                  aria-label={translate('resources.packages.configure.go_to', { page: index + 1 })}
                  aria-current={index === page ? 'true' : undefined}
                  sx={{
                    width: 10,
                    height: 10,
                    p: 0,
                    borderRadius: '50%',
                    border: 0,
                    cursor: 'pointer',
                    bgcolor: index === page ? 'primary.main' : 'action.disabled',
                    '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
                  }}
                />
              ))}
            </Stack>
            <IconButton
              aria-label={translate('resources.packages.configure.next')}
              onClick={() => setPage((p) => Math.min(pages - 1, p + 1))}
              disabled={page >= pages - 1}
            >
              <ChevronRightIcon />
            </IconButton>
          </Stack>
          <Box sx={{ display: 'grid', gridTemplateColumns: perView === 2 ? '1fr 1fr' : '1fr', gap: 2, alignItems: 'start' }} aria-live="polite">
            {visible.map((pkg) => (
              <PackageCard
                key={pkg.packageId}
                pkg={pkg}
                changes={changes}
                onChange={(serviceId, feature, next) => setChanges((current) => withChange(current, pkg, serviceId, feature, next))}
              />
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
};

export default PackageConfigurator;
