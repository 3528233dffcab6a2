import { Box, Stack, Typography } from '@mui/material';
import { dayToText } from '@licencias/common/dates';
import { NIT_DOCUMENT_TYPE } from '@licencias/common/rules';
import { useTranslate } from 'react-admin';
import { labelOf, NOT_AVAILABLE, rowQuantity, UNKNOWN } from './format';
import { InfoList } from './InfoList';
import { ServiceCard } from './ServiceCard';
import type { ContractParameters, ProductPackage } from './types';
import type { ContractValues, CustomerValues, ServiceRow } from './values';

/** 'Resumen' (§2 step 5): the contract, the customer and a card per service. */
export const SummaryStep = ({
  contract,
  customer,
  services,
  packages,
  parameters,
}: {
  contract: ContractValues;
  customer: CustomerValues;
  services: readonly ServiceRow[];
  packages: readonly ProductPackage[];
  parameters: ContractParameters | undefined;
}) => {
  const translate = useTranslate();
  const label = (field: string) => translate(`resources.agreements.fields.${field}`);
  const nit = customer.documentTypeId === NIT_DOCUMENT_TYPE;
  const name = customer.personType === 'J' ? customer.legalName : `${customer.firstName} ${customer.lastName}`.trim();
  const documentType = parameters?.documentTypes.find((d) => d.value === customer.documentTypeId)?.text;
  return (
    <Stack spacing={2} data-testid="agreement-summary">
      <InfoList
        items={[
          { label: label('opportunity'), value: contract.contractNumber },
          { label: label('contractStartDate'), value: dayToText(contract.contractStartDate) },
          { label: label('contractEndDate'), value: dayToText(contract.contractEndDate) },
          { label: label('documentTypeId'), value: documentType },
          { label: label('documentNumber'), value: customer.documentNumber },
          { label: nit ? label('companyLegalName') : label('companyName'), value: name },
        ]}
      />
      <Typography variant="subtitle2" component="h3" color="primary">
        {translate('resources.agreements.steps.services')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
        {services.map((row) => (
          <ServiceCard
            key={row.key}
            title={packages.find((p) => p.packageCode === row.packageCode)?.packageName ?? UNKNOWN}
            lines={[
              { label: label('quantity'), value: rowQuantity(row) || NOT_AVAILABLE },
              { label: label('validityType'), value: labelOf(parameters?.validityTypes, row.validityType) },
              { label: label('validityAmount'), value: row.validityAmount || NOT_AVAILABLE },
            ]}
          />
        ))}
      </Box>
    </Stack>
  );
};
