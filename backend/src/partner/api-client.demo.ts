import { createHmac, randomUUID } from 'node:crypto';
import type { DemoSeeder } from '../database/seeding.js';
import { ApiClient } from './api-client.entity.js';

/** Brands that get a demo API client, `<brand>-demo`, with both privileges. */
export const DEMO_API_CLIENT_BRANDS = ['colnomina', 'firmaya', 'colfactura', 'firmamail', 'bemyself'] as const;

export const demoClientId = (appName: string) => `${appName}-demo`;

/**
 * A demo client's secret, derived from DEMO_PASSWORD (demo data only, never in production: the
 * configuration refuses DEMO_DATA there), so `npm start` can print it and a changed password
 * changes it.
 */
export function demoClientSecret(demoPassword: string, appName: string): string {
  return createHmac('sha256', demoPassword).update(`api-client ${appName}`).digest('base64url');
}

/** One API client per brand for trying the partner API (README, "Partner API"). */
export const demoApiClients: DemoSeeder = {
  name: 'api-clients',
  async run({ em, config, now, hashPassword, demo }) {
    for (const appName of DEMO_API_CLIENT_BRANDS) {
      em.create(ApiClient, {
        id: randomUUID(),
        clientId: demoClientId(appName),
        name: `Aplicación de demostración ${appName}`,
        appName,
        privileges: ['BALANCES_READ', 'CONSUMPTIONS_WRITE'],
        secretHash: await hashPassword(demoClientSecret(config.demoPassword, appName)),
        createdAt: now,
        createdBy: demo.author,
        revokedAt: null,
        revokedBy: null,
      });
    }
    await em.flush();
  },
};
