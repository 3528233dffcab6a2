import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { Avatar, Box, Card, CardContent, Chip, Divider, InputAdornment, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { CrownIcon } from '../components/CrownIcon';
import { formatMoney, searchable } from '@licencias/common/format';
import { LinkedPopover } from '../components/LinkedPopover';
import { type Changes, type FeatureState, shownState, toggled } from './configuration';
import { FeatureRow } from './FeatureRow';
import { PackageLink } from './linked';
import type { ConfigurationFeature, ConfigurationService, Package, PackageConfiguration } from './types';

/** A stable colour for a service without a logo. */
function colourOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return `hsl(${hash}, 45%, 45%)`;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

/** The brand logo of a service (/api/v1/brands/{appName}/logo), or its initials on a colour. */
const ServiceLogo = ({ service }: { service: ConfigurationService }) => (
  <Avatar
    src={service.appName ? `/api/v1/brands/${encodeURIComponent(service.appName)}/logo` : undefined}
    alt=""
    variant="rounded"
    sx={{ width: 32, height: 32, bgcolor: colourOf(service.serviceName), fontSize: 14, '& img': { objectFit: 'contain', bgcolor: 'background.paper' } }}
  >
    {initials(service.serviceName)}
  </Avatar>
);

/** The description of a package, for the card's info icon (GET /api/v1/packages/{id}). */
function useDescriptionLoader(id: number) {
  const dataProvider = useDataProvider();
  return async () => {
    const { data } = await dataProvider.getOne<Package>('packages', { id });
    return [{ key: 'description', primary: data.packageDescription }];
  };
}

/**
 * A package of the carousel: name, price (and the price with the offer in force), the crown of
 * private packages, four info icons, a feature search and the features grouped by service.
 */
export const PackageCard = ({
  pkg,
  changes,
  onChange,
}: {
  pkg: PackageConfiguration;
  changes: Changes;
  onChange: (serviceId: number, feature: ConfigurationFeature, next: FeatureState) => void;
}) => {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const loadDescription = useDescriptionLoader(pkg.packageId);
  const wanted = searchable(search.trim());
  const services = useMemo(
    () =>
      pkg.serviceList.map((service) => ({
        service,
        features: wanted ? service.features.filter((f) => searchable(`${f.featureName} ${f.featureTypeName}`).includes(wanted)) : service.features,
      })),
    [pkg.serviceList, wanted],
  );
  const packageChanges = changes.get(pkg.packageId);
  const discounted = pkg.packageDiscount > 0;

  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', borderTop: 4, borderTopColor: 'primary.main' }}
      data-testid={`package-card-${pkg.packageCode}`}
      component="article"
      aria-label={pkg.packageName}
    >
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h3" sx={{ lineHeight: 1.3 }}>
              {pkg.packageName}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {pkg.packageCode}
            </Typography>
          </Box>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            {pkg.idstate === 1 && <Chip size="small" label={translate('app.catalogue.inactive')} />}
            {!pkg.publicVisibility && (
              <Tooltip title={translate('resources.packages.visibility.private')}>
                <CrownIcon color="warning" role="img" aria-label={translate('resources.packages.visibility.private')} />
              </Tooltip>
            )}
          </Stack>
        </Stack>
        <Box sx={{ my: 1 }} data-testid="package-price">
          {discounted ? (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ textDecoration: 'line-through' }} component="span">
                {formatMoney(pkg.packagePrice)}
              </Typography>{' '}
              <Typography variant="h6" color="primary" component="span">
                {formatMoney(pkg.packageWithDiscount)}
              </Typography>
              <Typography variant="caption" color="success.main" component="p">
                {translate('resources.packages.configure.discount', { value: formatMoney(pkg.packageDiscount) })}
              </Typography>
            </>
          ) : (
            <Typography variant="h6" color="primary" component="span">
              {formatMoney(pkg.packagePrice)}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={0.5}>
          <PackageLink id={pkg.packageId} kind="customers" title="resources.packages.configure.company" />
          <LinkedPopover
            icon={<DescriptionOutlinedIcon fontSize="small" />}
            title={translate('resources.packages.configure.description')}
            queryKey={['package-links', 'description', pkg.packageId]}
            load={loadDescription}
          />
          <PackageLink id={pkg.packageId} kind="promo-codes" title="resources.packages.configure.promo_code" />
          <PackageLink id={pkg.packageId} kind="channels" title="resources.packages.configure.channels" />
        </Stack>
        <TextField
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={translate('resources.packages.configure.feature_search')}
          size="small"
          fullWidth
          sx={{ my: 1.5 }}
          slotProps={{
            htmlInput: { 'aria-label': translate('resources.packages.configure.feature_search'), maxLength: 100 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Stack spacing={1.5} divider={<Divider flexItem />}>
          {services.map(({ service, features }) => (
            <Box key={service.serviceId} component="section" aria-label={service.serviceName}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
                <ServiceLogo service={service} />
                <Typography variant="subtitle2" component="h4">
                  {service.serviceName}
                </Typography>
              </Stack>
              {features.length === 0 ? (
                <Typography variant="body2" color="text.secondary" sx={{ pl: 1 }}>
                  {translate('resources.packages.configure.no_features')}
                </Typography>
              ) : (
                features.map((feature) => {
                  const state = shownState(changes, pkg.packageId, feature);
                  return (
                    <FeatureRow
                      key={feature.featureId}
                      feature={feature}
                      state={state}
                      changed={!!packageChanges?.features.has(feature.featureId)}
                      onToggle={(selected) => onChange(service.serviceId, feature, toggled(feature, selected))}
                      onChange={(next) => onChange(service.serviceId, feature, next)}
                    />
                  );
                })
              )}
            </Box>
          ))}
          {services.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {translate('resources.packages.configure.no_features')}
            </Typography>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
};
