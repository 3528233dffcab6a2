import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api';
import { CN_EMPRESARIAL } from '../../cart/testing/packages';
import { REFERENCE, storedCart, validForm } from '../../checkout/testing/checkout-fakes';
import { renderInStore } from '../../testing/store-harness';
import { durationText, formFieldOf, validityText, type TrialOffer, type TrialServices } from './trial';
import TrialActivatePage from './TrialActivatePage';
import TrialPage from './TrialPage';

const OFFER: TrialOffer = {
  appName: 'colnomina',
  brandTitle: 'Colnómina',
  packageCode: 'CN-PRUEBA',
  packageName: 'Colnómina Prueba gratis',
  validityPeriod: 15,
  validityTypeId: 'D',
  features: [{ serviceFeatureCode: 'COLNOMINA_EMPLEADO', description: 'Empleados', quantity: 5, unlimited: false }],
  linkValidMinutes: 60,
};

function fakeTrial(overrides: Partial<TrialServices> = {}): TrialServices {
  return {
    referenceData: vi.fn(() => Promise.resolve(REFERENCE)),
    offer: vi.fn(() => Promise.resolve(OFFER)),
    request: vi.fn(() =>
      Promise.resolve({ statusMessage: '¡Revisa tu Email!', email: 'nomina@dian.gov.co', linkValidMinutes: 60, expiresAt: '2026-11-28T01:00:00Z' }),
    ),
    activate: vi.fn(() => Promise.reject(new Error('sin servidor'))),
    ...overrides,
  };
}

const start = () => screen.getByRole('button', { name: 'Comenzar' });

describe('the trial texts', () => {
  it('says how long the link lasts and the trial', () => {
    expect(durationText(60)).toBe('1 hora');
    expect(durationText(120)).toBe('2 horas');
    expect(durationText(30)).toBe('30 minutos');
    expect(durationText(1)).toBe('1 minuto');
    expect(validityText({ validityPeriod: 15, validityTypeId: 'D' })).toBe('15 días');
    expect(validityText({ validityPeriod: 1, validityTypeId: 'M' })).toBe('1 mes');
    expect(validityText({ validityPeriod: 1, validityTypeId: 'I' })).toBeNull();
  });

  it('names the form field of a server refusal', () => {
    expect(formFieldOf('body.customer.email')).toBe('emailService');
    expect(formFieldOf('body.legalTermsCheck')).toBe('legalTermsCheck');
    expect(formFieldOf('body.token')).toBeUndefined();
  });
});

describe('TrialPage', () => {
  it("shows '¡Prueba {app} gratis!' with the trial's package, and 'Comenzar' waits for every field and the terms", async () => {
    renderInStore(<TrialPage services={fakeTrial()} initialValues={validForm().service} />, { path: '/freeTrial' });
    expect(await screen.findByRole('heading', { name: '¡Prueba Colnómina gratis!' })).toBeInTheDocument();
    expect(screen.getByText('Activa Colnómina Prueba gratis durante 15 días, sin costo.')).toBeInTheDocument();
    expect(screen.getByText('5 · Empleados')).toBeInTheDocument();
    expect(start()).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox'));
    expect(start()).toBeEnabled();
    await userEvent.clear(screen.getByLabelText(/Correo electrónico/));
    expect(start()).toBeDisabled();
  });

  it('keeps Comenzar disabled while the store cart holds items, and says why', async () => {
    const storage = await storedCart('colnomina', CN_EMPRESARIAL);
    renderInStore(<TrialPage services={fakeTrial()} initialValues={validForm().service} />, { path: '/freeTrial', storage });
    await screen.findByRole('heading', { name: '¡Prueba Colnómina gratis!' });
    await userEvent.click(screen.getByRole('checkbox'));
    expect(start()).toBeDisabled();
    expect(screen.getByText('Tu carrito tiene productos: termina tu compra o vacía el carrito para comenzar la prueba gratis.')).toBeInTheDocument();
  });

  it("sends the activation section and shows '¡Revisa tu Email!' with the link's validity", async () => {
    const services = fakeTrial();
    renderInStore(<TrialPage services={services} initialValues={validForm().service} />, { path: '/freeTrial' });
    await screen.findByRole('heading', { name: '¡Prueba Colnómina gratis!' });
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(start());
    expect(await screen.findByRole('heading', { name: '¡Revisa tu Email!' })).toBeInTheDocument();
    expect(
      screen.getByText('Enviamos un enlace de activación a nomina@dian.gov.co. Síguelo para activar tu prueba gratis: es válido por 1 hora.'),
    ).toBeInTheDocument();
    expect(services.request).toHaveBeenCalledWith({
      appName: 'colnomina',
      legalTermsCheck: true,
      customer: expect.objectContaining({ personType: 'J', documentTypeId: 4, documentNumber: '800197268', email: 'nomina@dian.gov.co' }),
    });
  });

  it("shows a refusal as '¡Lo sentimos!' with 'Comprar Ahora', and under its field", async () => {
    const message = 'Esta empresa ya usó su prueba gratis de Colnómina.';
    const services = fakeTrial({
      request: vi.fn(() =>
        Promise.reject(
          new ApiError(message, 422, { statusMessage: message, statusDetails: [{ field: 'body.customer.documentNumber', description: message }] }),
        ),
      ),
    });
    renderInStore(<TrialPage services={services} initialValues={validForm().service} />, { path: '/freeTrial' });
    await screen.findByRole('heading', { name: '¡Prueba Colnómina gratis!' });
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(start());
    const dialog = await screen.findByRole('dialog', { name: '¡Lo sentimos!' });
    expect(dialog).toHaveTextContent(message);
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.getByText(message)).toBeInTheDocument();
    await userEvent.click(start());
    await userEvent.click(await screen.findByRole('button', { name: 'Comprar Ahora' }));
    expect(await screen.findByText('Otra página')).toBeInTheDocument();
  });

  it('says when the brand has no trial', async () => {
    const services = fakeTrial({ offer: vi.fn(() => Promise.reject(new ApiError('La prueba gratis no está disponible para esta marca.', 404))) });
    renderInStore(<TrialPage services={services} />, { path: '/freeTrial' });
    expect(await screen.findByText('La prueba gratis no está disponible para esta marca.')).toBeInTheDocument();
  });
});

describe('TrialActivatePage', () => {
  const ACTIVATION = {
    statusMessage: '¡Tu prueba gratis está activa!',
    appName: 'colnomina',
    brandTitle: 'Colnómina',
    packageName: 'Colnómina Prueba gratis',
    licenceId: 7,
    effectiveAt: '2026-11-28T00:00:00Z',
    expiresAt: '2026-12-13T04:59:59.999Z',
    urlApp: '/inicio',
  };

  it('posts the token after # once, then the activatePlan dialog goes to the brand URL', async () => {
    const services = fakeTrial({ activate: vi.fn(() => Promise.resolve(ACTIVATION)) });
    renderInStore(<TrialActivatePage services={services} />, {
      path: '/freeTrial/activate',
      initialEntry: '/freeTrial/activate#abcDEF_123-x',
      routes: [{ path: '/inicio', element: <p>Inicio de la marca</p> }],
    });
    const dialog = await screen.findByRole('dialog', { name: '¡Tu prueba gratis está activa!' });
    expect(dialog).toHaveTextContent('Ya puedes usar Colnómina Prueba gratis hasta el 12/12/2026.');
    expect(services.activate).toHaveBeenCalledTimes(1);
    expect(services.activate).toHaveBeenCalledWith('abcDEF_123-x');
    await userEvent.click(screen.getByRole('button', { name: 'Ir a Colnómina' }));
    expect(await screen.findByText('Inicio de la marca')).toBeInTheDocument();
  });

  it("shows an expired or used link as '¡Lo sentimos!' with the server's message and 'Comprar Ahora'", async () => {
    const message = 'El enlace de activación venció. Solicita de nuevo tu prueba gratis.';
    const services = fakeTrial({ activate: vi.fn(() => Promise.reject(new ApiError(message, 422))) });
    renderInStore(<TrialActivatePage services={services} />, { path: '/freeTrial/activate', initialEntry: '/freeTrial/activate#tok' });
    const dialog = await screen.findByRole('dialog', { name: '¡Lo sentimos!' });
    expect(dialog).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Comprar Ahora' })).toBeInTheDocument();
  });

  it('says a link without its token is not valid, without asking the server', async () => {
    const services = fakeTrial();
    renderInStore(<TrialActivatePage services={services} />, { path: '/freeTrial/activate' });
    expect(await screen.findByRole('dialog', { name: '¡Lo sentimos!' })).toHaveTextContent('El enlace de activación no es válido.');
    await waitFor(() => expect(services.activate).not.toHaveBeenCalled());
  });
});
