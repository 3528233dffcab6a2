import { Box, Tab, Tabs } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Loading, Title, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';

const PackageList = lazy(() => import('./PackageList'));
const PackageConfigurator = lazy(() => import('./PackageConfigurator'));

const TABS = ['create', 'configure'] as const;
type PackagesTab = (typeof TABS)[number];

const isTab = (value: string | null): value is PackagesTab => TABS.some((tab) => tab === value);

/**
 * Paquetes (catalogue-and-dashboards.md §2.1): 'Crear paquetes' and 'Configurar paquetes'; the
 * third tab is shown disabled. The tab is kept in the address (?tab=configure), so a reload stays
 * on it. Each tab is its own chunk.
 */
const PackagesPage = () => {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: PackagesTab = isTab(requested) ? requested : 'create';
  return (
    // Inline-size containment: the page takes the width it is given, whatever its tables need, so
    // wide tables scroll inside their card instead of widening the whole layout.
    <Box sx={{ mt: 1, contain: 'inline-size' }}>
      <Title title={translate('app.page.packages')} />
      <Tabs
        value={tab}
        onChange={(_event, value: PackagesTab) => setParams(value === 'create' ? {} : { tab: value }, { replace: true })}
        aria-label={translate('app.page.packages')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="create" label={translate('resources.packages.tabs.create')} id="packages-tab-create" aria-controls="packages-panel" />
        <Tab value="configure" label={translate('resources.packages.tabs.configure')} id="packages-tab-configure" aria-controls="packages-panel" />
        <Tab value="more" label={translate('app.catalogue.coming_soon')} disabled />
      </Tabs>
      <Box role="tabpanel" id="packages-panel" aria-labelledby={`packages-tab-${tab}`}>
        <Suspense fallback={<Loading />}>{tab === 'create' ? <PackageList /> : <PackageConfigurator />}</Suspense>
      </Box>
    </Box>
  );
};

export default PackagesPage;
