import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AdminContext, type DataProvider, type RaRecord } from 'react-admin';
import { vi } from 'vitest';
import { i18nProvider } from '../i18n/i18nProvider';
import { NotificationStack } from '../layout/Notification';

/** Records of each resource the screen under test reads (lookups, reference inputs). */
export type Fixtures = Record<string, RaRecord[]>;

/**
 * An in-memory data provider over fixtures: lists, references and writes answer at once; every
 * method is a spy, so a test can see what a dialog sent (or that it sent nothing).
 */
export function fixtureDataProvider(fixtures: Fixtures = {}): DataProvider {
  // The records are whatever the screen asks for: the fixtures are written for it.
  const rows = (resource: string) => (fixtures[resource] ?? []) as never[];
  const provider: DataProvider = {
    getList: async (resource) => ({ data: rows(resource), total: rows(resource).length }),
    getMany: async (resource, { ids }) => ({ data: rows(resource).filter((row: RaRecord) => ids.includes(row.id)) }),
    getManyReference: async (resource) => ({ data: rows(resource), total: rows(resource).length }),
    getOne: async (resource, { id }) => ({ data: rows(resource).find((row: RaRecord) => row.id === id) as never }),
    create: async (_resource, { data }) => ({ data: { id: 1, ...data } as never }),
    update: async (_resource, { id, data }) => ({ data: { ...data, id } as never }),
    updateMany: async () => ({ data: [] }),
    delete: async (_resource, { id }) => ({ data: { id } as never }),
    deleteMany: async () => ({ data: [] }),
  };
  for (const method of Object.keys(provider)) vi.spyOn(provider, method);
  return provider;
}

/** Renders a back-office component as the app does: react-admin's context, Spanish texts, notifications, a data provider. */
export function renderInAdmin(ui: ReactElement, dataProvider: DataProvider = fixtureDataProvider()) {
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      {ui}
      <NotificationStack />
    </AdminContext>,
  );
}
