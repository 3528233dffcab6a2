import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api';
import { CN_EMPRESARIAL, CN_GRATIS } from '../cart/testing/packages';
import { renderInStore } from '../testing/store-harness';
import { emptyForm, type FormValues } from './form';
import type { PaymentMethod } from './order';
import { PurchaseForm } from './PurchaseForm';
import { DIAN, fakeServices, REFERENCE, storedCart, validForm } from './testing/checkout-fakes';
import type { CheckoutServices } from './types';

interface Setup {
  appName?: string;
  free?: boolean;
  services?: CheckoutServices;
  initialValues?: FormValues;
  signedIn?: boolean;
  empty?: boolean;
}

async function setup({ appName = 'colnomina', free = false, services = fakeServices(), initialValues, signedIn = false, empty = false }: Setup = {}) {
  const storage = empty ? await storedCart(appName) : await storedCart(appName, free ? CN_GRATIS : CN_EMPRESARIAL);
  const onSubmit = vi.fn<(values: FormValues, method: PaymentMethod, withBilling: boolean) => Promise<void>>(() => Promise.resolve());
  const view = renderInStore(<PurchaseForm services={services} onSubmit={onSubmit} initialValues={initialValues} />, {
    appName,
    path: '/registerPurchaseOrder',
    routes: [{ path: '/inicio', element: <p>Página de inicio</p> }],
    signedIn,
    storage,
    ...(signedIn ? { claims: { customer_type: '4', customer_value: '800197268' } as never } : {}),
  });
  if (!empty) await screen.findByRole('heading', { level: 1 });
  return { ...view, onSubmit, services };
}

describe('PurchaseForm', () => {
  it('a paid cart shows billing and activation, Cancelar, cash and online payment, and its total', async () => {
    await setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Proceso de facturación y activación' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Datos de facturación' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Datos de activación' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/inicio');
    for (const name of ['Cancelar', 'Pago en efectivo', 'Pago en línea']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Activar' })).not.toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$1.200.000');
  });

  it('bemyself never offers cash payment', async () => {
    await setup({ appName: 'bemyself' });
    expect(screen.getByRole('button', { name: 'Pago en línea' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pago en efectivo' })).not.toBeInTheDocument();
  });

  it('a free cart is the activation form with Activar only', async () => {
    await setup({ free: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Proceso de activación de licencia' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Datos de facturación' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pago en línea' })).not.toBeInTheDocument();
  });

  it('an empty cart goes back to the landing page', async () => {
    const { router } = await setup({ empty: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/inicio'));
  });

  it('submitting an empty form shows the rule set of common under each field and asks nothing of the server', async () => {
    const { services, onSubmit } = await setup();
    await userEvent.click(screen.getByRole('button', { name: 'Pago en línea' }));
    const billing = screen.getByRole('region', { name: 'Datos de facturación' });
    expect(within(billing).getByLabelText(/Número de documento/)).toHaveAccessibleDescription('Campo obligatorio');
    expect(within(billing).getByLabelText(/Razón social/)).toHaveAccessibleDescription('Campo obligatorio');
    expect(within(billing).getAllByText('Campo Obligatorio')).toHaveLength(2);
    expect(screen.getByText('Debes aceptar la Política de Tratamiento de Datos Personales y Términos y Condiciones.')).toBeInTheDocument();
    expect(services.checkEmail).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('filters the keyboard, shows the DV of a NIT and checks each field as it is left', async () => {
    await setup();
    const billing = screen.getByRole('region', { name: 'Datos de facturación' });
    const number = within(billing).getByLabelText(/Número de documento/);
    await userEvent.type(number, '800 197-268');
    expect(number).toHaveValue('800197268');
    expect(within(billing).getByLabelText('DV')).toHaveValue('4');
    await userEvent.clear(number);
    await userEvent.type(number, '8001972684');
    await userEvent.tab();
    expect(number).toHaveAccessibleDescription('El NIT debe tener 9 dígitos, sin el dígito de verificación.');
    const email = within(billing).getByLabelText(/Correo electrónico/);
    await userEvent.type(email, 'a@b.co');
    await userEvent.tab();
    expect(email).toHaveAccessibleDescription('Debe ingresar una dirección de correo válida, mínimo 10 caracteres');
    const phone = within(billing).getByLabelText(/Teléfono/);
    await userEvent.type(phone, '60a1-23');
    expect(phone).toHaveValue('60123');
  });

  it('a natural person gives names, not a legal name nor a DV; its document types are the brand’s', async () => {
    await setup();
    const billing = screen.getByRole('region', { name: 'Datos de facturación' });
    await userEvent.click(within(billing).getByRole('radio', { name: 'Persona natural' }));
    expect(within(billing).queryByLabelText(/Razón social/)).not.toBeInTheDocument();
    expect(within(billing).getByLabelText(/Nombres/)).toBeInTheDocument();
    expect(within(billing).queryByLabelText('DV')).not.toBeInTheDocument();
    await userEvent.click(within(billing).getByRole('combobox', { name: /Tipo de documento/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['CC - Cédula de ciudadanía', 'CE - Cédula de extranjería']);
  });

  it('a known NIT brings its legal name (the named lookup) without overwriting what the buyer typed', async () => {
    const lookupCompany = vi.fn<CheckoutServices['lookupCompany']>(() => Promise.resolve({ ...DIAN, complete: false }));
    await setup({ services: fakeServices({ lookupCompany }) });
    const billing = screen.getByRole('region', { name: 'Datos de facturación' });
    await userEvent.type(within(billing).getByRole('textbox', { name: 'Número de documento' }), '800197268');
    await userEvent.tab();
    await waitFor(() => expect(within(billing).getByLabelText(/Razón social/)).toHaveValue(DIAN.legalName));
    expect(lookupCompany).toHaveBeenCalledWith('colnomina', 4, '800197268');
    const service = screen.getByRole('region', { name: 'Datos de activación' });
    await userEvent.type(within(service).getByLabelText(/Razón social/), 'DIAN Seccional Bogotá');
    await userEvent.type(within(service).getByRole('textbox', { name: 'Número de documento' }), '800197268');
    await userEvent.tab();
    await waitFor(() => expect(lookupCompany).toHaveBeenCalledTimes(2));
    expect(within(service).getByLabelText(/Razón social/)).toHaveValue('DIAN Seccional Bogotá');
  });

  it('the legal representative may not carry the NIT', async () => {
    const form = validForm();
    await setup({ initialValues: { ...form, service: { ...form.service, legalDocumentNumber: '800197268' } } });
    await userEvent.click(screen.getByRole('button', { name: 'Pago en línea' }));
    expect(screen.getByLabelText(/Documento del representante/)).toHaveAccessibleDescription('Nit y Número de Documento no deben ser iguales.');
  });

  it('a department brings its cities; changing it clears the city', async () => {
    await setup({ initialValues: validForm() });
    const service = screen.getByRole('region', { name: 'Datos de activación' });
    expect(within(service).getByRole('combobox', { name: /Ciudad/ })).toHaveTextContent('Bogotá, D.C.');
    await userEvent.click(within(service).getByRole('combobox', { name: /Departamento/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Antioquia' }));
    expect(within(service).getByRole('combobox', { name: /Ciudad/ })).not.toHaveTextContent('Bogotá');
    await userEvent.click(screen.getByRole('button', { name: 'Pago en línea' }));
    expect(within(service).getByText('Campo Obligatorio')).toBeInTheDocument();
  });

  it('an unverified e-mail opens the code dialog: format, a wrong code clears the field, a right one goes on', async () => {
    const validateCode = vi
      .fn<CheckoutServices['validateCode']>()
      .mockResolvedValueOnce({ approved: false, message: 'El código ingresado no es correcto. Te quedan 4 intentos.' })
      .mockResolvedValueOnce({ approved: true, message: '¡Verificación Exitosa!' });
    const services = fakeServices({
      checkEmail: vi.fn(() => Promise.resolve({ approvalMail: false, codeSent: true, expiresAt: null, resendAfterSeconds: 60 })),
      validateCode,
    });
    const { onSubmit } = await setup({ services, initialValues: validForm() });
    await userEvent.click(screen.getByRole('button', { name: 'Pago en línea' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verifica tu correo electrónico' });
    expect(services.checkEmail).toHaveBeenCalledWith('compras@dian.gov.co', false, 'colnomina');
    const code = within(dialog).getByLabelText(/Código de verificación/);
    await userEvent.type(code, '12a3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verificar' }));
    expect(code).toHaveAccessibleDescription('Ingresa un código numérico de 6 caracteres.');
    await userEvent.type(code, '456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verificar' }));
    expect(await within(dialog).findByText('El código ingresado no es correcto. Te quedan 4 intentos.')).toBeInTheDocument();
    expect(code).toHaveValue('');
    await userEvent.type(code, '654321');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('dialog', { name: '¡Verificación Exitosa!' })).toBeInTheDocument();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ legalTermsCheck: true }), 'EN_LINEA', true), { timeout: 3000 });
    expect(validateCode).toHaveBeenLastCalledWith('compras@dian.gov.co', '654321', 'colnomina');
  });

  it('the resend view takes a corrected e-mail and shows the server’s refusal of a blocked domain', async () => {
    const checkEmail = vi
      .fn<CheckoutServices['checkEmail']>()
      .mockResolvedValueOnce({ approvalMail: false, codeSent: true, expiresAt: null, resendAfterSeconds: 60 })
      .mockRejectedValueOnce(new ApiError('El dominio de correo ingresado no es permitido.', 422))
      .mockResolvedValueOnce({ approvalMail: false, codeSent: true, expiresAt: null, resendAfterSeconds: 60 });
    const services = fakeServices({ checkEmail, referenceData: () => Promise.resolve({ ...REFERENCE, blockedDomains: [] }) });
    await setup({ services, initialValues: validForm() });
    await userEvent.click(screen.getByRole('button', { name: 'Pago en línea' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verifica tu correo electrónico' });
    await userEvent.click(within(dialog).getByRole('button', { name: '¿No has recibido el email?' }));
    const resend = screen.getByRole('dialog', { name: 'Reenviar el código' });
    const email = within(resend).getByLabelText(/Correo electrónico/);
    expect(email).toHaveValue('compras@dian.gov.co');
    await userEvent.clear(email);
    await userEvent.type(email, 'compras@mx.yopmail.com');
    await userEvent.click(within(resend).getByRole('button', { name: 'Reenviar' }));
    expect(await within(resend).findByText('El dominio de correo ingresado no es permitido.')).toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'facturas@dian.gov.co');
    await userEvent.click(within(resend).getByRole('button', { name: 'Reenviar' }));
    const code = await screen.findByRole('dialog', { name: 'Verifica tu correo electrónico' });
    expect(within(code).getByText('Enviamos un nuevo código a facturas@dian.gov.co.')).toBeInTheDocument();
    expect(checkEmail).toHaveBeenLastCalledWith('facturas@dian.gov.co', true, 'colnomina');
  });

  it('cash payment asks first, then saves with EFECTIVO', async () => {
    const { onSubmit } = await setup({ initialValues: validForm() });
    await userEvent.click(screen.getByRole('button', { name: 'Pago en efectivo' }));
    const notice = await screen.findByRole('dialog', { name: 'Pago en efectivo' });
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(within(notice).getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.anything(), 'EFECTIVO', true));
  });

  it('a signed-in customer gets its data locked, may edit billing, and reads the contact note', async () => {
    const services = fakeServices({ customerInformation: vi.fn(() => Promise.resolve({ kind: 'found' as const, customer: DIAN })) });
    await setup({ services, signedIn: true });
    expect(services.customerInformation).toHaveBeenCalledWith(4, '800197268', 'colnomina');
    const billing = screen.getByRole('region', { name: 'Datos de facturación' });
    const service = screen.getByRole('region', { name: 'Datos de activación' });
    expect(within(service).getByLabelText(/Razón social/)).toHaveValue(DIAN.legalName);
    expect(within(service).getByLabelText(/Razón social/)).toBeDisabled();
    expect(within(billing).getByLabelText(/Razón social/)).toBeDisabled();
    expect(within(service).getByText(/Si deseas modificar los datos de la licencia contáctanos/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Modificar datos de facturación' }));
    expect(within(billing).getByLabelText(/Razón social/)).toBeEnabled();
    expect(within(service).getByLabelText(/Razón social/)).toBeDisabled();
  });

  it('a signed-in customer whose document is not on record reads «Número de documento no registrado»; another document asks changeCustomer', async () => {
    const { onSubmit } = await setup({ signedIn: true, initialValues: validForm() });
    const service = screen.getByRole('region', { name: 'Datos de activación' });
    const number = within(service).getByRole('textbox', { name: 'Número de documento' });
    expect(number).toHaveAccessibleDescription('Número de documento no registrado');
    await userEvent.click(screen.getByRole('button', { name: 'Pago en línea' }));
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(number, { target: { value: '900123456' } });
    expect(number).not.toHaveAccessibleDescription('Número de documento no registrado');
    await userEvent.click(screen.getByRole('button', { name: 'Pago en línea' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cambio de cliente' });
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.anything(), 'EN_LINEA', true));
  });
});

describe('signed-in customer with an incomplete record', () => {
  it('is prefilled but not locked, so it can complete what the record lacks', async () => {
    const services = fakeServices({
      customerInformation: () => Promise.resolve({ kind: 'found', customer: { ...DIAN, cellphoneNumber: null, legalDocumentNumber: null } }),
    });
    await setup({ signedIn: true, services });
    const service = screen.getByRole('region', { name: 'Datos de activación' });
    expect(within(service).getByLabelText(/Razón social/)).toHaveValue(DIAN.legalName);
    expect(within(service).getByLabelText(/Celular/)).toBeEnabled();
    expect(screen.queryByRole('checkbox', { name: 'Modificar datos de facturación' })).not.toBeInTheDocument();
  });
});

describe('signed-in customer without its record', () => {
  it('when the record cannot be read the customer types its data, starting from its document, without the not-registered message', async () => {
    await setup({ signedIn: true, services: fakeServices({ customerInformation: () => Promise.resolve({ kind: 'unavailable' }) }) });
    const service = screen.getByRole('region', { name: 'Datos de activación' });
    const number = within(service).getByRole('textbox', { name: 'Número de documento' });
    expect(number).toHaveValue('800197268');
    expect(number).toBeEnabled();
    expect(number).not.toHaveAccessibleDescription('Número de documento no registrado');
  });
});

describe('emptyForm', () => {
  it('starts as a legal person with the brand’s first document types', () => {
    const form = emptyForm({ N: [1], J: [4], R: [1] });
    expect(form.billing).toMatchObject({ personType: 'J', documentTypeId: 4, legalDocumentTypeId: 1 });
  });
});
