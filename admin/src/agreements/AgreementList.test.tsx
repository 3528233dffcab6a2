import { render, screen, within } from '@testing-library/react';
import { AdminContext, type AuthProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { bogotaToday, addDays } from '@licencias/common/dates';
import { i18nProvider } from '../i18n/i18nProvider';
import { fixtureDataProvider } from '../testing/admin';
import { AgreementList } from './AgreementList';
import { agreementPrivileges } from './privileges';
import type { AgreementSummary } from './types';

const { layout } = vi.hoisted(() => ({ layout: { narrow: false } }));
// jsdom lays nothing out: the test says whether the card is narrow.
vi.mock('../components/useNarrow', () => ({ useNarrow: () => [() => undefined, layout.narrow] as const }));

const today = bogotaToday();

const summary = (id: number, contractNumber: string, contractEndDate: string): AgreementSummary => ({
  id,
  contractId: id,
  contractNumber,
  serviceId: 3,
  serviceDescription: 'FirmaYa',
  contractStartDate: '2025-01-01',
  contractEndDate,
  customerName: 'Industrias La Ceiba S.A.S.',
  documentNumber: '900123456',
  version: 1,
});

const ROWS = [summary(1, 'OP-VIGENTE', addDays(today, 30)), summary(2, 'OP-TERMINADO', addDays(today, -1))];

function renderList(permissions: string[]) {
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => permissions,
  };
  render(
    <AdminContext dataProvider={fixtureDataProvider({ agreements: ROWS })} authProvider={authProvider} i18nProvider={i18nProvider}>
      <AgreementList />
    </AdminContext>,
  );
}

const editIcon = (contractNumber: string) => screen.getByRole('button', { name: `Editar convenio ${contractNumber}` });

describe('the agreements list', () => {
  it('shows the columns with dd/MM/yyyy dates', async () => {
    renderList(['LICENSE_FULL_ACCESS']);
    const row = (await screen.findByText('OP-VIGENTE')).closest('tr') as HTMLElement;
    expect(within(row).getByText('FirmaYa')).toBeInTheDocument();
    expect(within(row).getByText('01/01/2025')).toBeInTheDocument();
    for (const header of ['Producto', 'No. de oportunidad', 'Fecha inicio', 'Fecha fin'])
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
  });

  it('full access: create icon, every edit icon enabled', async () => {
    renderList(['LICENSE_FULL_ACCESS']);
    await screen.findByText('OP-TERMINADO');
    expect(screen.getByRole('button', { name: 'Nuevo Convenio' })).toBeInTheDocument();
    expect(editIcon('OP-VIGENTE')).toBeEnabled();
    expect(editIcon('OP-TERMINADO')).toBeEnabled();
  });

  it('modify without dates: an ended agreement cannot be edited (greyed out); no create icon without CONTRACT_CREATE', async () => {
    renderList(['CONTRACT_MODIFY']);
    await screen.findByText('OP-TERMINADO');
    expect(editIcon('OP-VIGENTE')).toBeEnabled();
    expect(editIcon('OP-TERMINADO')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Nuevo Convenio' })).not.toBeInTheDocument();
  });

  it('create only: no agreement can be edited', async () => {
    renderList(['CONTRACT_CREATE']);
    await screen.findByText('OP-VIGENTE');
    expect(screen.getByRole('button', { name: 'Nuevo Convenio' })).toBeInTheDocument();
    expect(editIcon('OP-VIGENTE')).toBeDisabled();
  });

  it('on a narrow screen each agreement is an item with both icons', async () => {
    layout.narrow = true;
    try {
      renderList(['CONTRACT_MODIFY']);
      const item = (await screen.findByText(/OP-TERMINADO/)).closest('li') as HTMLElement;
      expect(within(item).getByText('FirmaYa')).toBeInTheDocument();
      expect(within(item).getByRole('button', { name: 'Ver detalle del convenio OP-TERMINADO' })).toBeEnabled();
      expect(within(item).getByRole('button', { name: 'Editar convenio OP-TERMINADO' })).toBeDisabled();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    } finally {
      layout.narrow = false;
    }
  });

  it('says so when nothing matches', async () => {
    render(
      <AdminContext dataProvider={fixtureDataProvider({ agreements: [] })} i18nProvider={i18nProvider}>
        <AgreementList />
      </AdminContext>,
    );
    expect(await screen.findByText('No existe información correspondiente a los criterios de búsqueda')).toBeInTheDocument();
  });
});

describe('agreement privileges (§6)', () => {
  it('before the privileges load: create and modify', () => {
    expect(agreementPrivileges(undefined)).toEqual({ create: true, modify: true, modifyDates: false });
    expect(agreementPrivileges(['CONTRACT_MODIFYDATES'])).toEqual({ create: false, modify: false, modifyDates: true });
  });
});
