import { Box, Tab, Tabs } from '@mui/material';
import { Suspense } from 'react';
import { Loading, Title, usePermissions, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';
import { allows, promoCodesOnly } from '../access';
import featureTypes from '../feature-types';
import promoCodes from '../promo-codes';
import serviceFeatures from '../service-features';
import services from '../services';

/** The four tabs, each the table of a resource of the resource API (its own chunk). */
const TABS = [
  { id: 'services', label: 'app.configurations.tabs.services', resource: services },
  { id: 'feature-types', label: 'app.configurations.tabs.feature_types', resource: featureTypes },
  { id: 'service-features', label: 'app.configurations.tabs.service_features', resource: serviceFeatures },
  { id: 'promo-codes', label: 'app.configurations.tabs.promo_codes', resource: promoCodes },
] as const;

type TabId = (typeof TABS)[number]['id'];

/**
 * Configuración (catalogue-and-dashboards.md §2.2). Promo-code staff without full access
 * (LICENSE_PROMOCODE_READ without LICENSE_FULL_ACCESS: roles LICENSECOMERCIAL, LICENSEPROMOCODE)
 * open it on 'Códigos promocionales' with the other three tabs disabled; a tab whose list the
 * user may not read is disabled too. The tab is kept in the address (?tab=promo-codes).
 */
const ConfigurationsPage = () => {
  const translate = useTranslate();
  const { permissions, isPending } = usePermissions<string[]>();
  const [params, setParams] = useSearchParams();
  if (isPending) return <Loading />;
  const onlyPromo = promoCodesOnly(permissions);
  const enabled = (id: TabId) => (onlyPromo ? id === 'promo-codes' : allows(permissions, id, 'list'));
  const requested = params.get('tab');
  const firstEnabled = TABS.find((tab) => enabled(tab.id))?.id ?? 'services';
  const tab: TabId = TABS.find((t) => t.id === requested && enabled(t.id))?.id ?? (onlyPromo ? 'promo-codes' : firstEnabled);
  const Current = TABS.find((t) => t.id === tab)?.resource.list ?? services.list;
  return (
    // Inline-size containment: the page takes the width it is given, whatever its tables need, so
    // wide tables scroll inside their card instead of widening the whole layout.
    <Box sx={{ mt: 1, contain: 'inline-size' }}>
      <Title title={translate('app.page.configurations')} />
      <Tabs
        value={tab}
        onChange={(_event, value: TabId) => setParams({ tab: value }, { replace: true })}
        aria-label={translate('app.page.configurations')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((item) => (
          <Tab
            key={item.id}
            value={item.id}
            label={translate(item.label)}
            disabled={!enabled(item.id)}
            id={`configurations-tab-${item.id}`}
            aria-controls="configurations-panel"
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="configurations-panel" aria-labelledby={`configurations-tab-${tab}`}>
        <Suspense fallback={<Loading />}>
          <Current />
        </Suspense>
      </Box>
    </Box>
  );
};

export default ConfigurationsPage;
