import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { fixtureDataProvider, renderInAdmin } from '../testing/admin';
import { CompanyDialog } from './CompanyDialog';
import type { Customer } from './companyForm';

const userEvent = userEventLib.setup({ delay: null });

vi.mock('./lookups', async (original) => ({
  ...(await original<typeof import('./lookups')>()),
  useCompanyLookups: () => ({
    documentTypes: [
      { id: 1, name: 'Cédula de ciudadanía', code: 'CC' },
      { id: 2, name: 'Cédula de extranjería', code: 'CE' },
      { id: 4, name: 'Número de identificación tributaria', code: 'NIT' },
      { id: 6, name: 'Pasaporte', code: 'PA' },
    ],
    departments: [
      { id: 5, name: 'Antioquia', cities: [{ id: 5001, name: 'Medellín' }] },
      { id: 11, name: 'Bogotá, D.C.', cities: [{ id: 11001, name: 'Bogotá, D.C.' }] },
    ],
    blockedDomains: ['yopmail.com'],
    isPending: false,
  }),
}));

function open(record?: Customer, dataProvider = fixtureDataProvider()) {
  renderInAdmin(<CompanyDialog record={record} onClose={vi.fn()} />, dataProvider);
  return { dataProvider, dialog: within(screen.getByTestId('customer-dialog')) };
}

type Dialog = ReturnType<typeof within>;

/** The company's own field where the legal representative has one of the same name (it comes first). */
const companyField = (dialog: Dialog, role: 'textbox' | 'combobox', name: RegExp) => dialog.getAllByRole(role, { name })[0] as HTMLElement;

async function pick(dialog: Dialog, label: RegExp, option: string) {
  await userEvent.click(dialog.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

/** Fills a valid legal person with a NIT (everything but the linked app when `app` is false). */
async function fillLegalPerson(dialog: Dialog, { app = true } = {}) {
  await userEvent.type(companyField(dialog, 'textbox', /^Identificación/), '900123456');
  await userEvent.type(dialog.getByRole('textbox', { name: /Razón Social/ }), 'Industrias La Ceiba S.A.S.');
  const representative = within(dialog.getByRole('group', { name: 'Datos representante legal' }));
  await pick(representative, /Tipo Identificación/, 'Cédula de ciudadanía');
  await userEvent.type(representative.getByRole('textbox', { name: /Identificación/ }), '43123456');
  await userEvent.type(representative.getByRole('textbox', { name: /Nombres/ }), 'Lucía');
  await userEvent.type(representative.getByRole('textbox', { name: /Apellidos/ }), 'Restrepo Álvarez');
  await userEvent.type(dialog.getByRole('textbox', { name: /^Dirección/ }), 'Carrera 43A # 1-50');
  await pick(dialog, /Departamento/, 'Antioquia');
  await pick(dialog, /Ciudad/, 'Medellín');
  await userEvent.type(dialog.getByRole('textbox', { name: /Teléfono/ }), '3104567890');
  await userEvent.type(dialog.getByRole('textbox', { name: /Correo Electrónico/ }), 'gerencia@laceiba.com.co');
  if (app) await pick(dialog, /Aplicación vinculada/, 'Otras apps');
}

const STORED: Customer = {
  id: 7,
  customerId: 7,
  personType: 'N',
  documentTypeId: 1,
  documentNumber: '1020304050',
  dv: null,
  name: 'María José Núñez',
  customerName: 'María José Núñez',
  legalName: null,
  firstName: 'María José',
  lastName: 'Núñez',
  fulladdress: 'Calle 10 # 43A-30',
  addressAdditionalInformation: null,
  addressLatGeocode: 6.2,
  addressLngGeocode: -75.5,
  departmentId: 5,
  cityId: 5001,
  cellphoneNumber: '3004567890',
  email: 'maria@correo.com.co',
  legalDocumentTypeId: null,
  legalDocumentNumber: null,
  legalFirstName: null,
  legalLastName: null,
  legalRepresentativeName: null,
  linkToApp: 'confronta',
  contractStartDate: null,
  contractEndDate: null,
  largeTaxpayer: false,
  ivaWithholdingAgent: true,
  icaWithholdingAgent: false,
  createdby: null,
  createdon: '2026-11-01T15:00:00Z',
  modifiedby: null,
  modifiedon: '2026-11-01T15:00:00Z',
  version: 3,
};

describe("'Nueva empresa'", () => {
  it('shows the DV of a NIT once it has more than 5 digits, computed with the DIAN weights', async () => {
    const { dialog } = open();
    expect(dialog.getByRole('heading', { name: 'Nueva empresa' })).toBeInTheDocument();
    const number = companyField(dialog, 'textbox', /^Identificación/);
    const dv = dialog.getByTestId('company-dv');
    await userEvent.type(number, '90012');
    expect(dv).toHaveValue('');
    await userEvent.type(number, '3456');
    expect(dv).toHaveValue('8');
    expect(dv).toBeDisabled();
    await userEvent.clear(number);
    await userEvent.type(number, '860 034 313');
    expect(number).toHaveValue('860034313');
    expect(dv).toHaveValue('7');
  });

  it('a natural person has names instead of Razón Social, no DV outside NIT and no legal representative', async () => {
    const { dialog } = open();
    expect(dialog.getByRole('group', { name: 'Datos representante legal' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('radio', { name: 'Persona Natural' }));
    expect(dialog.queryByRole('textbox', { name: /Razón Social/ })).not.toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: /^Nombres/ })).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: /^Apellidos/ })).toBeInTheDocument();
    expect(dialog.queryByRole('group', { name: 'Datos representante legal' })).not.toBeInTheDocument();
    expect(dialog.queryByTestId('company-dv')).not.toBeInTheDocument();
    await userEvent.click(companyField(dialog, 'combobox', /Tipo Identificación/));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Cédula de ciudadanía', 'Cédula de extranjería', 'Número de identificación tributaria', 'Pasaporte']);
  });

  it('a legal person may only use NIT; its representative 1, 2 or 6', async () => {
    const { dialog } = open();
    await userEvent.click(companyField(dialog, 'combobox', /Tipo Identificación/));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Número de identificación tributaria']);
    await userEvent.keyboard('{Escape}');
    const representative = within(dialog.getByRole('group', { name: 'Datos representante legal' }));
    await userEvent.click(representative.getByRole('combobox', { name: /Tipo Identificación/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Cédula de ciudadanía', 'Cédula de extranjería', 'Pasaporte']);
  });

  it("shows the rules' messages under the fields as they are left", async () => {
    const { dialog } = open();
    const number = companyField(dialog, 'textbox', /^Identificación/);
    await userEvent.type(number, '1234');
    await userEvent.tab();
    expect(await dialog.findByText('El campo debe ser numérico, mínimo 5 y máximo 15 caracteres.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('textbox', { name: /Razón Social/ }));
    await userEvent.tab();
    expect(await dialog.findByText('Campo obligatorio')).toBeInTheDocument();
    await userEvent.type(dialog.getByRole('textbox', { name: /Correo Electrónico/ }), 'ana@mx.yopmail.com');
    await userEvent.tab();
    expect(await dialog.findByText('El dominio de correo ingresado no es permitido.')).toBeInTheDocument();
    await userEvent.type(dialog.getByRole('textbox', { name: /Teléfono/ }), '30045');
    await userEvent.tab();
    expect(await dialog.findByText('El teléfono debe tener 7 o 10 dígitos.')).toBeInTheDocument();
    await userEvent.type(dialog.getByRole('textbox', { name: /^Dirección/ }), 'Calle 1 @ 2');
    await userEvent.tab();
    expect(await dialog.findByText('La dirección solo admite letras, números, espacios y los caracteres # - , .')).toBeInTheDocument();
  });

  it("'Crear' stays disabled until every required field holds; it sends the company and says so", async () => {
    const { dialog, dataProvider } = open();
    const create = dialog.getByRole('button', { name: 'Crear' });
    await fillLegalPerson(dialog, { app: false });
    expect(create).toBeDisabled();
    await pick(dialog, /Aplicación vinculada/, 'Otras apps');
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalled());
    expect(vi.mocked(dataProvider.create).mock.calls[0]?.[1].data).toEqual({
      personType: 'J',
      documentTypeId: 4,
      documentNumber: '900123456',
      legalName: 'Industrias La Ceiba S.A.S.',
      firstName: null,
      lastName: null,
      legalDocumentTypeId: 1,
      legalDocumentNumber: '43123456',
      legalFirstName: 'Lucía',
      legalLastName: 'Restrepo Álvarez',
      fulladdress: 'Carrera 43A # 1-50',
      addressAdditionalInformation: null,
      addressLatGeocode: null,
      addressLngGeocode: null,
      departmentId: 5,
      cityId: 5001,
      cellphoneNumber: '3104567890',
      email: 'gerencia@laceiba.com.co',
      linkToApp: 'otras_apps',
      contractStartDate: null,
      contractEndDate: null,
      largeTaxpayer: false,
      ivaWithholdingAgent: false,
      icaWithholdingAgent: false,
    });
    expect(await screen.findByText('¡La empresa fue creada con éxito!')).toBeInTheDocument();
  });

  it("'Perfil tributario' starts with no withholding role and sends the roles switched on", async () => {
    const { dialog, dataProvider } = open();
    const section = within(dialog.getByRole('heading', { name: 'Perfil tributario' }).parentElement as HTMLElement);
    expect(section.getByText('Definen las retenciones de sus compras. Una persona jurídica practica retención en la fuente.')).toBeInTheDocument();
    const large = section.getByRole('switch', { name: 'Gran contribuyente' });
    const iva = section.getByRole('switch', { name: 'Agente de retención de IVA' });
    const ica = section.getByRole('switch', { name: 'Agente de retención de ICA' });
    for (const role of [large, iva, ica]) expect(role).not.toBeChecked();
    expect(section.getByText('Retiene ICA en la ciudad de la empresa.')).toBeInTheDocument();
    await fillLegalPerson(dialog);
    await userEvent.click(large);
    await userEvent.click(ica);
    await userEvent.click(dialog.getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalled());
    expect(vi.mocked(dataProvider.create).mock.calls[0]?.[1].data).toMatchObject({
      largeTaxpayer: true,
      ivaWithholdingAgent: false,
      icaWithholdingAgent: true,
    });
  });

  it('asks contract dates only for biometria, the end after the start', async () => {
    const { dialog } = open();
    expect(dialog.queryByRole('textbox', { name: /Fecha inicio contrato/ })).not.toBeInTheDocument();
    await fillLegalPerson(dialog, { app: false });
    await pick(dialog, /Aplicación vinculada/, 'Biometría');
    const start = dialog.getByRole('textbox', { name: /Fecha inicio contrato/ });
    const end = dialog.getByRole('textbox', { name: /Fecha fin contrato/ });
    expect(dialog.getByRole('button', { name: 'Crear' })).toBeDisabled();
    await userEvent.type(start, '01122026');
    await userEvent.type(end, '30112026');
    await userEvent.tab();
    expect(await dialog.findByText('La fecha debe ser posterior a 01/12/2026')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Crear' })).toBeDisabled();
    await userEvent.clear(end);
    await userEvent.type(end, '30112027');
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Crear' })).toBeEnabled());
  });

  it("a refused save says '¡La empresa NO fue guardada!' and puts the server's reasons on the fields", async () => {
    const dataProvider = fixtureDataProvider();
    vi.mocked(dataProvider.create).mockRejectedValue(
      new HttpError('¡La empresa NO fue guardada!', 409, {
        statusCode: 409,
        statusMessage: 'Ya existe una empresa con ese tipo y número de documento.',
        result: null,
        statusDetails: [{ field: 'documentNumber', description: 'Ya existe una empresa con ese tipo y número de documento.' }],
      }),
    );
    const { dialog } = open(undefined, dataProvider);
    await fillLegalPerson(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Crear' }));
    expect(await dialog.findAllByText('Ya existe una empresa con ese tipo y número de documento.')).not.toHaveLength(0);
  });
});

describe('a save the server fails', () => {
  it("says '¡Error del servidor!' (licences §8, company save)", async () => {
    const dataProvider = fixtureDataProvider();
    vi.mocked(dataProvider.create).mockRejectedValue(
      new HttpError('Error de servidor', 500, { statusCode: 500, statusMessage: 'Error interno', result: null, statusDetails: [] }),
    );
    const { dialog } = open(undefined, dataProvider);
    await fillLegalPerson(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Crear' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('¡Error del servidor!');
  });
});

describe("'Editar empresa'", () => {
  it("opens on the company with 'Actualizar', sends the changes with the version read", async () => {
    const { dialog, dataProvider } = open(STORED);
    expect(dialog.getByRole('heading', { name: 'Editar empresa' })).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: /^Nombres/ })).toHaveValue('María José');
    const update = dialog.getByRole('button', { name: 'Actualizar' });
    expect(update).toBeDisabled();
    const phone = dialog.getByRole('textbox', { name: /Teléfono/ });
    await userEvent.clear(phone);
    await userEvent.type(phone, '6045551234');
    await waitFor(() => expect(update).toBeEnabled());
    await userEvent.click(update);
    await waitFor(() => expect(dataProvider.update).toHaveBeenCalled());
    expect(vi.mocked(dataProvider.update).mock.calls[0]?.[1].data).toMatchObject({
      personType: 'N',
      firstName: 'María José',
      cellphoneNumber: '6045551234',
      addressLatGeocode: 6.2,
      addressLngGeocode: -75.5,
      largeTaxpayer: false,
      ivaWithholdingAgent: true,
      icaWithholdingAgent: false,
      version: 3,
    });
    expect(await screen.findByText('¡La empresa fue actualizada con éxito!')).toBeInTheDocument();
  });

  it("a refused edit says '¡La empresa NO fue guardada!' with the rule no field shows", async () => {
    const dataProvider = fixtureDataProvider();
    vi.mocked(dataProvider.update).mockRejectedValue(
      new HttpError('¡La empresa NO fue guardada!', 422, {
        statusCode: 422,
        statusMessage: 'Regla',
        result: null,
        statusDetails: [{ field: 'addressLatGeocode', description: 'Coordenada no válida' }],
      }),
    );
    const { dialog } = open(STORED, dataProvider);
    const phone = dialog.getByRole('textbox', { name: /Teléfono/ });
    await userEvent.clear(phone);
    await userEvent.type(phone, '6045551234');
    await userEvent.click(dialog.getByRole('button', { name: 'Actualizar' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('¡La empresa NO fue guardada!. Coordenada no válida');
  });
});
