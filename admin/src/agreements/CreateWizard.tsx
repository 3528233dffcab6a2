import { Alert, Button, Card, CardContent, LinearProgress, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { useState } from 'react';
import { useNavigate, useTranslate } from 'react-admin';
import { bogotaToday } from '@licencias/common/dates';
import { AGREEMENT_MESSAGES, documentNumberProblem } from '@licencias/common/rules';
import { contractNumberExists, createAgreement, lookupCustomer, lookupSupervisor, serverProblem } from './agreementApi';
import { ContractStep } from './ContractStep';
import { CustomerStep } from './CustomerStep';
import { fillCustomer, fillSupervisor } from './lookupFill';
import { MessageDialog } from './MessageDialog';
import { PageBox } from './PageBox';
import { PageHeader } from './PageHeader';
import { createBody } from './payloads';
import { changeContract, changeCustomer, changeSupervisor } from './resetRules';
import { LIST_PATH } from './routes';
import { ServicesStep } from './ServicesStep';
import { SummaryStep } from './SummaryStep';
import { StepTitle } from './StepTitle';
import { SupervisorStep } from './SupervisorStep';
import { useWizardLookups } from './useWizardLookups';
import { contractErrors, customerErrors, hasErrors, supervisorErrors } from './validation';
import { type ContractValues, type CustomerValues, emptyContract, emptyCustomer, emptySupervisor, type ServiceRow, type SupervisorValues } from './values';

const STEPS = ['contract', 'customer', 'supervisor', 'services', 'summary'] as const;
/** After a saved agreement the list shows again after 4 s (§9). */
const SAVED_RELOAD_MS = 4000;

type Result = { kind: 'saved' } | { kind: 'failed'; detail?: string } | null;

/** 'Nuevo Convenio' (§2): five steps, every reset rule of §4, the confirmation and the result modals. */
export const CreateWizard = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [contract, setContract] = useState<ContractValues>(emptyContract);
  const [customer, setCustomer] = useState<CustomerValues>(emptyCustomer);
  const [supervisor, setSupervisor] = useState<SupervisorValues>(emptySupervisor);
  const [services, setServices] = useState<ServiceRow[]>([]);
  const [shownErrors, setShownErrors] = useState<boolean[]>([false, false, false, false, false]);
  const [numberTaken, setNumberTaken] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const lookups = useWizardLookups(contract.serviceId);
  const { parameters, product } = lookups;
  const requiresSupervision = product?.requiresSupervision ?? false;
  const kind = product?.contractedServices ?? 'isComponentServices';
  const today = bogotaToday();
  const showLegal = parameters?.showLegalRepresentative ?? false;

  const errors = {
    contract: contractErrors(contract, parameters, today, numberTaken),
    customer: customerErrors(customer, lookups.blockedDomains, showLegal),
    supervisor: requiresSupervision ? supervisorErrors(supervisor, lookups.blockedDomains) : {},
  };
  const stepInvalid = [hasErrors(errors.contract), hasErrors(errors.customer), hasErrors(errors.supervisor), services.length === 0, false];

  const onContract = <K extends keyof ContractValues>(field: K, value: ContractValues[K]) => {
    const change = changeContract(contract, field, value);
    setContract(change.values);
    if (change.clearServices) setServices([]);
    if (field === 'serviceId' || field === 'contractNumber') setNumberTaken(false);
  };

  const checkNumber = async () => {
    const number = contract.contractNumber.trim();
    if (!number) return;
    try {
      setNumberTaken(await contractNumberExists(number));
    } catch {
      setNumberTaken(false);
    }
  };

  const findCustomer = async () => {
    if (customer.documentTypeId === null || documentNumberProblem(customer.documentTypeId, customer.documentNumber)) return;
    try {
      const found = await lookupCustomer(customer.personType, customer.documentTypeId, customer.documentNumber);
      setCustomer((current) => fillCustomer(current, found));
    } catch {
      // The lookup only helps: the form stays to be filled.
    }
  };

  const findSupervisor = async () => {
    if (supervisor.documentTypeId === null || documentNumberProblem(supervisor.documentTypeId, supervisor.documentNumber)) return;
    try {
      const found = await lookupSupervisor(supervisor.documentTypeId, supervisor.documentNumber);
      setSupervisor((current) => fillSupervisor(current, found));
    } catch {
      setSupervisor((current) => fillSupervisor(current, null));
    }
  };

  const next = () => {
    if (stepInvalid[step]) {
      setShownErrors((shown) => shown.map((value, index) => (index === step ? true : value)));
      return;
    }
    if (step === STEPS.length - 1) setConfirming(true);
    else setStep(step + 1);
  };

  const save = async () => {
    setSaving(true);
    try {
      await createAgreement(createBody({ contract, customer, supervisor, services }, requiresSupervision, parameters));
      setConfirming(false);
      setResult({ kind: 'saved' });
      setTimeout(() => navigate(LIST_PATH), SAVED_RELOAD_MS);
    } catch (error) {
      setConfirming(false);
      const detail = serverProblem(error, '');
      setResult({ kind: 'failed', detail: detail && detail !== AGREEMENT_MESSAGES.notSaved ? detail : undefined });
    } finally {
      setSaving(false);
    }
  };

  const current = STEPS[step] ?? 'contract';
  const nextDisabled = numberTaken || (current === 'services' && services.length === 0);
  return (
    <PageBox>
      <PageHeader title={translate('resources.agreements.wizard_title')} />
      <Card>
        {lookups.isPending && <LinearProgress />}
        <CardContent>
          <Stepper activeStep={step} alternativeLabel sx={{ mb: 3, overflowX: 'auto', pb: 1 }}>
            {STEPS.map((name, index) => (
              <Step key={name}>
                <StepLabel>
                  <StepTitle text={translate(`resources.agreements.steps.${name}`)} active={index === step} />
                </StepLabel>
              </Step>
            ))}
          </Stepper>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {translate(`resources.agreements.steps.${current}`)}
          </Typography>
          {lookups.isError && <Alert severity="error">{AGREEMENT_MESSAGES.loadFailed}</Alert>}
          {current === 'contract' && (
            <ContractStep
              values={contract}
              onChange={onContract}
              errors={errors.contract}
              showErrors={shownErrors[0] ?? false}
              products={lookups.products}
              managers={lookups.managers}
              paymentTypes={parameters?.paymentTypes ?? []}
              onNumberBlur={() => void checkNumber()}
            />
          )}
          {current === 'customer' && (
            <CustomerStep
              values={customer}
              onChange={(field, value) => setCustomer((values) => changeCustomer(values, field, value))}
              errors={errors.customer}
              showErrors={shownErrors[1] ?? false}
              documentTypes={parameters?.documentTypes ?? []}
              departments={lookups.departments}
              showLegalRepresentative={showLegal}
              onDocumentBlur={() => void findCustomer()}
            />
          )}
          {current === 'supervisor' &&
            (requiresSupervision ? (
              <SupervisorStep
                values={supervisor}
                onChange={(field, value) => setSupervisor((values) => changeSupervisor(values, field, value))}
                errors={errors.supervisor}
                showErrors={shownErrors[2] ?? false}
                documentTypes={parameters?.documentTypes ?? []}
                departments={lookups.departments}
                onDocumentBlur={() => void findSupervisor()}
              />
            ) : (
              <Alert severity="info">{translate('resources.agreements.no_supervision')}</Alert>
            ))}
          {current === 'services' && (
            <ServicesStep
              rows={services}
              onRowsChange={setServices}
              kind={kind}
              packages={lookups.packages}
              parameters={parameters}
              productDeviceTypes={lookups.productDeviceTypes}
              contractStart={contract.contractStartDate}
              contractEnd={contract.contractEndDate}
            />
          )}
          {current === 'summary' && (
            <SummaryStep contract={contract} customer={customer} services={services} packages={lookups.packages} parameters={parameters} />
          )}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 3 }}>
            {step > 0 && (
              <Button variant="outlined" onClick={() => setStep(step - 1)}>
                {translate('resources.agreements.actions.back')}
              </Button>
            )}
            <Button variant="contained" onClick={next} disabled={nextDisabled}>
              {current === 'summary' ? translate('resources.agreements.actions.finish') : translate('resources.agreements.actions.next')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <MessageDialog
        open={confirming}
        icon="warning"
        title={AGREEMENT_MESSAGES.saveConfirmTitle}
        text={AGREEMENT_MESSAGES.saveConfirm}
        confirmLabel={translate('resources.agreements.actions.save')}
        onConfirm={() => void save()}
        cancelLabel={translate('resources.agreements.actions.cancel')}
        onCancel={() => setConfirming(false)}
        busy={saving}
      />
      <MessageDialog
        open={result?.kind === 'saved'}
        icon="success"
        title={AGREEMENT_MESSAGES.saved}
        confirmLabel={translate('resources.agreements.actions.accept')}
        onConfirm={() => navigate(LIST_PATH)}
      />
      <MessageDialog
        open={result?.kind === 'failed'}
        icon="warning"
        title={AGREEMENT_MESSAGES.failedTitle}
        text={
          <>
            {AGREEMENT_MESSAGES.notSaved}
            {result?.kind === 'failed' && result.detail && (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
                {result.detail}
              </Typography>
            )}
          </>
        }
        confirmLabel={translate('resources.agreements.actions.close')}
        onConfirm={() => window.location.reload()}
      />
    </PageBox>
  );
};
