import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, Stack } from '@mui/material';
import { useEffect } from 'react';
import { Form, ResourceContextProvider, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { bogotaToday } from '@licencias/common/dates';
import { MOVEMENT_MIN_DAY } from '@licencias/common/rules';
import { DayInput } from '../components/DayInput';
import { useBrandOptions, useDocumentTypes, useServiceOptions, type ServiceOption } from './reportApi';
import { REPORT_INTERVALS, reportProblems, reportQueryOf, type ReportFilterValues, type ReportQuery } from './reportQuery';
import { ReportExportButton } from './ReportExportButton';
import { isCompanyReport, isConsumptionReport, type ReportType } from './reportTypes';

/** A feature the report's rows named: the feature code's suggestions. */
export interface FeatureOption {
  code: string;
  description: string;
}

/** A select whose empty choice says what it means ('Automático', 'Todas las marcas') instead of showing nothing. */
const SHOW_EMPTY = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/** Which fields each report's filter has, besides the dates and the period. */
function fieldsOf(type: ReportType) {
  return {
    company: isCompanyReport(type),
    brandAndService: isConsumptionReport(type) || type === 'ServiceManagementReport',
    feature: isConsumptionReport(type),
    code: type === 'PromotionalCodeReport',
  };
}

/**
 * Each date's rules read the other one (the until day not before the from day): a change of
 * either checks both, where react-hook-form would only check the field typed in.
 */
const CheckBoth = () => {
  const { trigger, formState } = useFormContext<ReportFilterValues>();
  const [from, to] = useWatch<ReportFilterValues, ['from', 'to']>({ name: ['from', 'to'] });
  const { isDirty } = formState;
  useEffect(() => {
    if (isDirty) void trigger();
  }, [from, to, isDirty, trigger]);
  return null;
};

/** 'Servicio': the services of the brand chosen (all without one). */
const ServiceInput = ({ seen }: { seen: readonly ServiceOption[] }) => {
  const translate = useTranslate();
  const appName = useWatch<ReportFilterValues, 'appName'>({ name: 'appName' });
  const services = useServiceOptions(seen).filter((service) => !appName || !service.appName || service.appName === appName);
  return (
    <SelectInput
      source="serviceId"
      choices={services}
      optionText="serviceName"
      emptyText={translate('resources.reports.all_services')}
      slotProps={SHOW_EMPTY}
      fullWidth
    />
  );
};

/** 'Buscar' and 'Excel' (when the user may export): both follow the filter as it is typed. */
const Actions = ({ type, canExport }: { type: ReportType; canExport: boolean }) => {
  const translate = useTranslate();
  const values = useWatch<ReportFilterValues>();
  // Subscribes to the validity (react-hook-form computes it only for a form that reads it).
  const { isValid } = useFormState<ReportFilterValues>();
  const query = isValid ? reportQueryOf(type, values, bogotaToday()) : undefined;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', pt: 1 }}>
      <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
        {translate('resources.reports.search')}
      </Button>
      {canExport && <ReportExportButton type={type} query={query} />}
    </Stack>
  );
};

/**
 * A report's filter: 'Desde' and 'Hasta' with the movement filter's rules (§5) answering as they
 * are typed, the period, and what the report takes (the company, brand, service, feature or
 * promotional code); 'Buscar' reads the report, 'Excel' downloads it and is disabled while the
 * filter is invalid.
 */
export const ReportFilter = ({
  type,
  initial,
  canExport,
  services,
  features,
  onSearch,
}: {
  type: ReportType;
  initial: ReportFilterValues;
  canExport: boolean;
  /** The services the report's rows named (offered even without the catalogue's list). */
  services: readonly ServiceOption[];
  features: readonly FeatureOption[];
  onSearch: (query: ReportQuery) => void;
}) => {
  const translate = useTranslate();
  const fields = fieldsOf(type);
  const brands = useBrandOptions();
  const documentTypes = useDocumentTypes();
  const intervals = REPORT_INTERVALS.map((id) => ({ id, name: translate(`resources.reports.intervals.${id}`) }));
  return (
    <ResourceContextProvider value="reports">
      <Form
        defaultValues={initial}
        mode="onChange"
        validate={(values: Partial<ReportFilterValues>) => reportProblems(type, values, bogotaToday())}
        onSubmit={(values: Partial<ReportFilterValues>) => {
          const query = reportQueryOf(type, values, bogotaToday());
          if (query) onSearch(query);
        }}
        noValidate
      >
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
            columnGap: { xs: 1, sm: 2 },
          }}
          data-testid="report-filter"
        >
          {fields.company && (
            <>
              <SelectInput
                source="documentType"
                choices={documentTypes.data ?? []}
                isPending={documentTypes.isPending}
                optionText={(choice: { code: string; name: string }) => `${choice.code} - ${choice.name}`}
                fullWidth
              />
              <TextInput source="documentNumber" fullWidth slotProps={{ htmlInput: { maxLength: 20 } }} />
            </>
          )}
          <DayInput source="from" min={MOVEMENT_MIN_DAY} />
          <DayInput source="to" min={MOVEMENT_MIN_DAY} />
          <SelectInput source="interval" choices={intervals} emptyText={translate('resources.reports.intervals.auto')} slotProps={SHOW_EMPTY} fullWidth />
          {fields.brandAndService && (
            <>
              <SelectInput
                source="appName"
                choices={brands.data ?? []}
                isPending={brands.isPending}
                emptyText={translate('resources.reports.all_brands')}
                slotProps={SHOW_EMPTY}
                fullWidth
              />
              <ServiceInput seen={services} />
            </>
          )}
          {fields.feature && (
            <>
              <TextInput source="serviceFeatureCode" fullWidth slotProps={{ htmlInput: { maxLength: 50, list: 'report-feature-codes' } }} />
              <datalist id="report-feature-codes">
                {features.map((feature) => (
                  <option key={feature.code} value={feature.code}>
                    {feature.description}
                  </option>
                ))}
              </datalist>
            </>
          )}
          {fields.code && <TextInput source="code" fullWidth slotProps={{ htmlInput: { maxLength: 50 } }} />}
        </Box>
        <Actions type={type} canExport={canExport} />
        <CheckBoth />
      </Form>
    </ResourceContextProvider>
  );
};
