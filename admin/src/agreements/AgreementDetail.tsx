import { Box, Stack, Typography } from '@mui/material';
import { Loading, useTranslate } from 'react-admin';
import { NIT_DOCUMENT_TYPE } from '@licencias/common/rules';
import { useCompanyLookups } from '../licenses/lookups';
import { useAgreement, useAgreementParameters, useAmendments, useSentAlerts } from './agreementApi';
import { AmendmentHistory } from './AmendmentHistory';
import { dayText, labelOf, NOT_APPLICABLE, thousands, UNKNOWN, UNLIMITED } from './format';
import { InfoList } from './InfoList';
import { LoadFailedDialog } from './LoadFailedDialog';
import { PageBox } from './PageBox';
import { PageHeader } from './PageHeader';
import { DetailSection } from './Section';
import { SentAlerts } from './SentAlerts';
import { ServiceCard } from './ServiceCard';

/** 'Detalle de convenio' (§2): read-only sections, the service cards, the history and the sent alerts; a loader until all is loaded. */
export const AgreementDetail = ({ id }: { id: number }) => {
  const translate = useTranslate();
  const agreement = useAgreement(id);
  const amendments = useAmendments(id);
  const alerts = useSentAlerts(id);
  const parameters = useAgreementParameters();
  const { departments } = useCompanyLookups();
  if (agreement.isError || amendments.isError || alerts.isError) return <LoadFailedDialog />;
  if (!agreement.data || !amendments.data || !alerts.data || parameters.isPending) return <Loading />;
  const a = agreement.data;
  const p = parameters.data;
  const label = (field: string) => translate(`resources.agreements.fields.${field}`);
  const place = (departmentId: number | null | undefined, cityId: number | null | undefined) => {
    const department = departments.find((d) => d.id === departmentId);
    return { department: department?.name, city: department?.cities.find((c) => c.id === cityId)?.name };
  };
  const documentType = (typeId: number | null | undefined) => p?.documentTypes.find((d) => d.value === typeId)?.text ?? UNKNOWN;
  const customerPlace = place(a.customer.departmentId, a.customer.cityId);
  const supervisorPlace = place(a.supervisor?.departmentId, a.supervisor?.cityId);
  const c = a.customer;
  const document = c.dv ? `${c.documentNumber}-${c.dv}` : c.documentNumber;
  const serviceName = (code: string | null) => a.contractedServices.find((s) => s.packageCode === code)?.packageName ?? UNKNOWN;
  return (
    <PageBox>
      <PageHeader title={translate('resources.agreements.detail_title')} />
      <Stack spacing={2}>
        <DetailSection title={translate('resources.agreements.sections.contract')}>
          <InfoList
            items={[
              { label: label('serviceId'), value: a.service.serviceName },
              { label: label('opportunity'), value: a.contract.contractNumber },
              { label: label('contractStartDate'), value: dayText(a.contract.contractStartDate) },
              { label: label('contractEndDate'), value: dayText(a.contract.contractEndDate) },
              { label: label('commercialManagerId'), value: a.commercialManager.name },
              { label: label('paymentConditionId'), value: a.paymentCondition.name },
            ]}
          />
        </DetailSection>
        <DetailSection title={translate('resources.agreements.sections.customer')}>
          <InfoList
            items={[
              { label: label('personType'), value: translate(`resources.agreements.person_types.${c.personType}`) },
              { label: label('documentTypeId'), value: documentType(c.documentTypeId) },
              { label: label('documentNumber'), value: document },
              { label: c.documentTypeId === NIT_DOCUMENT_TYPE ? label('companyLegalName') : label('companyName'), value: c.customerName },
              { label: label('fulladdress'), value: c.fulladdress },
              { label: label('departmentId'), value: customerPlace.department },
              { label: label('cityId'), value: customerPlace.city },
              { label: label('cellphoneNumber'), value: c.cellphoneNumber },
              { label: label('email'), value: c.email },
              ...(c.personType === 'J' ? [{ label: translate('resources.agreements.sections.legal_representative'), value: c.legalRepresentativeName }] : []),
            ]}
          />
        </DetailSection>
        <DetailSection title={translate('resources.agreements.sections.supervisor')}>
          {a.supervisor || a.service.requiresSupervision ? (
            <InfoList
              items={[
                { label: label('documentTypeId'), value: a.supervisor ? documentType(a.supervisor.documentTypeId) : null },
                { label: label('documentNumber'), value: a.supervisor?.documentNumber },
                { label: label('firstName'), value: a.supervisor?.firstName },
                { label: label('lastName'), value: a.supervisor?.lastName },
                { label: label('fulladdress'), value: a.supervisor?.fulladdress },
                { label: label('departmentId'), value: supervisorPlace.department },
                { label: label('cityId'), value: supervisorPlace.city },
                { label: label('phoneNumber'), value: a.supervisor?.phoneNumber },
                { label: label('email'), value: a.supervisor?.email },
                { label: label('jobTitle'), value: a.supervisor?.jobTitle },
              ]}
            />
          ) : (
            <Typography variant="body2">{translate('resources.agreements.no_supervisor')}</Typography>
          )}
        </DetailSection>
        <DetailSection title={translate('resources.agreements.sections.services')}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
            {a.contractedServices.map((s) => (
              <ServiceCard
                key={s.id}
                title={s.packageName ?? UNKNOWN}
                lines={[
                  { label: label('quantity'), value: s.isUnlimited ? UNLIMITED : thousands(s.totalQuantity) },
                  { label: label('used'), value: thousands(s.used) },
                  { label: label('validityTypeShort'), value: labelOf(p?.validityTypes, s.validityType) },
                  { label: label('validityAmountShort'), value: String(s.validityPeriod) },
                  { label: label('deviceType'), value: s.deviceTypeId === null ? NOT_APPLICABLE : labelOf(p?.deviceTypes, s.deviceTypeId) },
                  {
                    label: label('deliveryType'),
                    value: s.credentialsDeliveryType === null ? NOT_APPLICABLE : labelOf(p?.credentialDeliveryTypes, s.credentialsDeliveryType),
                  },
                  { label: label('reassignmentQuota'), value: s.reassignmentQuota === null ? NOT_APPLICABLE : String(s.reassignmentQuota) },
                ]}
              />
            ))}
          </Box>
        </DetailSection>
        <DetailSection title={translate('resources.agreements.sections.history')}>
          <AmendmentHistory amendments={amendments.data} />
        </DetailSection>
        <DetailSection title={translate('resources.agreements.sections.alerts')}>
          <SentAlerts alerts={alerts.data} serviceName={serviceName} />
        </DetailSection>
      </Stack>
    </PageBox>
  );
};
