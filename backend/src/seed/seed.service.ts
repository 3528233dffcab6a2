import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { demoAgreements } from './agreement.demo.js';
import { demoCompany } from '../customer/customer.demo.js';
import { type DemoSeeder, emptyDemoRefs, type Seeder, type SeedContext } from '../database/seeding.js';
import { EventBus } from '../events/event-bus.js';
import { CACHE_TOPICS } from '../events/events.js';
import { demoFeatures } from '../feature/feature.demo.js';
import { accessMatrix, bootstrapAdmin, demoUsers, hasUsers } from '../identity/identity.seed.js';
import { PasswordService } from '../identity/password.service.js';
import { SessionService } from '../identity/session.service.js';
import { demoPackages } from '../package/package.demo.js';
import { demoPriceTiers } from '../package/store.demo.js';
import { demoLicences } from '../licence/licence.demo.js';
import { demoApiClients } from '../partner/api-client.demo.js';
import { demoPromoCodes } from '../promo-code/promo-code.demo.js';
import { demoLandingPages } from '../reference/reference.demo.js';
import { referenceData } from '../reference/reference.seed.js';
import { demoServices } from '../service/service.demo.js';

/** Run on every start, in this order (idempotent upserts). */
export const REFERENCE_SEEDERS: readonly Seeder[] = [referenceData, accessMatrix, bootstrapAdmin];

/**
 * Run once, into a database without users, when DEMO_DATA is on, in this order: each seeder
 * writes its own domain's rows and takes what it refers to from the ones before it.
 */
export const DEMO_SEEDERS: readonly DemoSeeder[] = [
  demoCompany,
  demoUsers,
  demoServices,
  demoFeatures,
  demoPackages,
  demoPriceTiers,
  demoPromoCodes,
  demoLicences,
  demoAgreements,
  demoApiClients,
  demoLandingPages,
];

/** Seeds reference data on every start and demo data once, in one transaction. */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Seed');

  constructor(
    private readonly em: EntityManager,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionService,
    private readonly events: EventBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      const context: SeedContext = {
        em,
        config: this.config,
        now: new Date(),
        hashPassword: (password) => this.passwords.hash(password),
        endSessionsOfRoles: async (roleCodes) => void (await this.sessions.endAllOfRoles(roleCodes, 'PRIVILEGES_CHANGED')),
      };
      for (const seeder of REFERENCE_SEEDERS) await seeder.run(context);
      // Instances already running (a rolling start) drop what they prepared from the old rows.
      await this.events.publish(em, { type: 'cache.invalidated', topics: [...CACHE_TOPICS] });
      if (!this.config.demoData || (await hasUsers(em))) return;
      const demo = emptyDemoRefs();
      for (const seeder of DEMO_SEEDERS) await seeder.run({ ...context, demo });
      this.logger.log(`Demo data loaded (${DEMO_SEEDERS.map((s) => s.name).join(', ')})`);
    });
  }
}
