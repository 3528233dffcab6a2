import { Alert, Button, Card, CardContent, Stack, Step, StepButton, Stepper, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { bogotaToday } from '@licencias/common/dates';
import { AGREEMENT_MESSAGES } from '@licencias/common/rules';
import { contractNumberExists, serverProblem, updateSection } from './agreementApi';
import { AlertsStep } from './AlertsStep';
import { ContractStep } from './ContractStep';
import { CustomerStep } from './CustomerStep';
import { EDIT_STEPS, type EditStep, type EditValues, editValuesOf, isDirty, revert, sectionChange } from './editSteps';
import { MessageDialog } from './MessageDialog';
import { PageBox } from './PageBox';
import { PageHeader } from './PageHeader';
import { changeAlerts, changeContract, changeCustomer, changeSupervisor } from './resetRules';
import { ServicesStep } from './ServicesStep';
import { StepTitle } from './StepTitle';
import { SupervisorStep } from './SupervisorStep';
import { TicketDialog, type TicketValues } from './TicketDialog';
import type { Agreement } from './types';
import { useEditLookupFill } from './useEditLookupFill';
import { useWizardLookups } from './useWizardLookups';
import { alertErrors, contractErrors, customerErrors, hasErrors, supervisorErrors } from './validation';

/** '¡Convenio actualizado!' shows for 4 s (§9). */
const UPDATED_MS = 4000;

/** The stepper of 'Editar Convenio' over a loaded agreement: free step clicks, dirty tracking, the ticket and the result dialogs. */
export const EditForm = ({ agreement }: { agreement: Agreement }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const saved = useMemo(() => editValuesOf(agreement), [agreement]);
  const [values, setValues] = useState<EditValues>(saved);
  const [step, setStep] = useState<EditStep>('contract');
  const [showErrors, setShowErrors] = useState(false);
  const [leavingTo, setLeavingTo] = useState<EditStep | null>(null);
  const [ticketFor, setTicketFor] = useState<{ then: EditStep } | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [numberTaken, setNumberTaken] = useState(false);
  const lookups = useWizardLookups(agreement.contract.serviceId);
  const { parameters } = lookups;
  const fill = useEditLookupFill(setValues);

  // A new saved copy (after saving, or read again after a conflict) replaces every step's values.
  useEffect(() => setValues(saved), [saved]);

  const requiresSupervision = agreement.service.requiresSupervision;
  const kind = agreement.service.contractedServices;
  const showLegal = parameters?.showLegalRepresentative ?? false;
  const errorsOf = {
    contract: contractErrors(values.contract, parameters, bogotaToday(), numberTaken),
    customer: customerErrors(values.customer, lookups.blockedDomains, showLegal),
    supervisor: requiresSupervision ? supervisorErrors(values.supervisor, lookups.blockedDomains) : {},
    services: {},
    alerts: alertErrors(values.alerts),
  };
  const dirty = isDirty(step, values, saved);
  const invalid = hasErrors(errorsOf[step]) || (step === 'supervisor' && !requiresSupervision);

  const goTo = (target: EditStep) => {
    if (target === step) return;
    if (dirty) setLeavingTo(target);
    else {
      setShowErrors(false);
      setStep(target);
    }
  };

  const askTicket = (then: EditStep) => {
    if (invalid) {
      setShowErrors(true);
      return;
    }
    setTicketFor({ then });
  };

  const save = async (ticket: TicketValues) => {
    const then = ticketFor?.then ?? step;
    setSaving(true);
    try {
      const updated = await updateSection(agreement.id, { version: agreement.version, ...ticket }, sectionChange(step, values, parameters));
      queryClient.setQueryData(['agreements', 'one', agreement.id], updated);
      void queryClient.invalidateQueries({ queryKey: ['agreements', 'amendments', agreement.id] });
      notify(AGREEMENT_MESSAGES.updated, { type: 'success', autoHideDuration: UPDATED_MS });
      setTicketFor(null);
      setShowErrors(false);
      setStep(then);
    } catch (error) {
      setTicketFor(null);
      setFailure(serverProblem(error, AGREEMENT_MESSAGES.notUpdated));
    } finally {
      setSaving(false);
    }
  };

  const acknowledgeFailure = () => {
    setFailure(null);
    setValues((current) => revert(step, current, saved));
    void queryClient.invalidateQueries({ queryKey: ['agreements', 'one', agreement.id] });
  };

  const label = (name: EditStep) => translate(`resources.agreements.steps.${name}`);
  return (
    <PageBox>
      <PageHeader title={translate('resources.agreements.edit_title')} pageTitle={translate('resources.agreements.title')} />
      <Card>
        <CardContent>
          <Stepper nonLinear activeStep={EDIT_STEPS.indexOf(step)} alternativeLabel sx={{ mb: 3, overflowX: 'auto', pb: 1 }}>
            {EDIT_STEPS.map((name) => (
              <Step key={name} disabled={(name === 'customer' || name === 'supervisor') && !parameters}>
                <StepButton onClick={() => goTo(name)} aria-label={label(name)}>
                  <StepTitle text={label(name)} active={name === step} />
                </StepButton>
              </Step>
            ))}
          </Stepper>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {label(step)}
          </Typography>
          {step === 'contract' && (
            <ContractStep
              values={values.contract}
              onChange={(field, value) => setValues((v) => ({ ...v, contract: changeContract(v.contract, field, value).values }))}
              errors={errorsOf.contract}
              showErrors={showErrors}
              products={
                lookups.products.length
                  ? lookups.products
                  : [
                      {
                        value: agreement.service.id,
                        label: agreement.service.serviceName,
                        name: agreement.service.serviceName,
                        nameContract: null,
                        contractedServices: kind,
                        requiresSupervision,
                        isContractFullAccess: true,
                        deviceTypeId: '',
                      },
                    ]
              }
              managers={lookups.managers.length ? lookups.managers : [agreement.commercialManager]}
              paymentTypes={parameters?.paymentTypes ?? [{ value: String(agreement.paymentCondition.id), text: agreement.paymentCondition.name }]}
              lockProduct
              onNumberBlur={() => {
                const number = values.contract.contractNumber.trim();
                if (!number || number === saved.contract.contractNumber) return setNumberTaken(false);
                void contractNumberExists(number).then(setNumberTaken, () => setNumberTaken(false));
              }}
            />
          )}
          {step === 'customer' && (
            <CustomerStep
              values={values.customer}
              onChange={(field, value) => setValues((v) => ({ ...v, customer: changeCustomer(v.customer, field, value) }))}
              errors={errorsOf.customer}
              showErrors={showErrors}
              documentTypes={parameters?.documentTypes ?? []}
              departments={lookups.departments}
              showLegalRepresentative={showLegal}
              onDocumentBlur={() => void fill.customer(values.customer)}
            />
          )}
          {step === 'supervisor' &&
            (requiresSupervision ? (
              <SupervisorStep
                values={values.supervisor}
                onChange={(field, value) => setValues((v) => ({ ...v, supervisor: changeSupervisor(v.supervisor, field, value) }))}
                errors={errorsOf.supervisor}
                showErrors={showErrors}
                documentTypes={parameters?.documentTypes ?? []}
                departments={lookups.departments}
                onDocumentBlur={() => void fill.supervisor(values.supervisor)}
              />
            ) : (
              <Alert severity="info">{translate('resources.agreements.no_supervision')}</Alert>
            ))}
          {step === 'services' && (
            <ServicesStep
              rows={values.services}
              onRowsChange={(services) => setValues((v) => ({ ...v, services }))}
              kind={kind}
              packages={lookups.packages}
              parameters={parameters}
              productDeviceTypes={lookups.productDeviceTypes}
              contractStart={values.contract.contractStartDate}
              contractEnd={values.contract.contractEndDate}
              editInDialog
            />
          )}
          {step === 'alerts' && (
            <AlertsStep
              values={values.alerts}
              onChange={(field, value) => setValues((v) => ({ ...v, alerts: changeAlerts(v.alerts, field, value) }))}
              errors={errorsOf.alerts}
              parameters={parameters}
            />
          )}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 3 }}>
            <Button variant="outlined" disabled={!dirty} onClick={() => setValues((current) => revert(step, current, saved))}>
              {translate('resources.agreements.actions.cancel')}
            </Button>
            <Button variant="contained" disabled={!dirty} onClick={() => askTicket(step)}>
              {translate('resources.agreements.actions.save_changes')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <MessageDialog
        open={leavingTo !== null}
        icon="warning"
        title={AGREEMENT_MESSAGES.unsavedChanges}
        confirmLabel={translate('resources.agreements.actions.save')}
        onConfirm={() => {
          const target = leavingTo ?? step;
          setLeavingTo(null);
          askTicket(target);
        }}
        cancelLabel={translate('resources.agreements.actions.cancel')}
        onCancel={() => {
          const target = leavingTo ?? step;
          setLeavingTo(null);
          setValues((current) => revert(step, current, saved));
          setShowErrors(false);
          setStep(target);
        }}
      />
      <TicketDialog open={ticketFor !== null} busy={saving} onCancel={() => setTicketFor(null)} onConfirm={(ticket) => void save(ticket)} />
      <MessageDialog
        open={failure !== null}
        icon="warning"
        title={AGREEMENT_MESSAGES.notUpdatedTitle}
        text={failure}
        confirmLabel={translate('resources.agreements.actions.understood')}
        onConfirm={acknowledgeFailure}
      />
    </PageBox>
  );
};
