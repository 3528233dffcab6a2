import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import { APP_CONFIG, type AppConfig, REPO_ROOT } from '../config/config.js';
import { Customer } from '../customer/customer.entity.js';
import { nitCheckDigit } from '@licencias/common/rules';
import { DEMO_COMPANY, DEMO_USERS, PRIVILEGES, ROLES } from '../identity/identity.data.js';
import { Privilege, Role, RolePrivilege, User } from '../identity/identity.entities.js';
import { PasswordService } from '../identity/password.service.js';
import { brandRow, brandSeeds, DOCUMENT_TYPES, EMAIL_BLACKLIST, parameterRows, REJECT_TYPES, SYSTEM_PARAMETERS } from '../reference/reference.data.js';
import {
  AppParameter,
  Brand,
  BrandDocumentType,
  Department,
  DocumentType,
  EmailBlacklistRule,
  Municipality,
  RejectType,
  SystemParameter,
} from '../reference/reference.entities.js';

interface Divipola {
  departments: { code: string; name: string; municipalities: { code: string; name: string }[] }[];
}

/** Extra demo data registered by domain modules (catalogue, ...), run after the base demo data. */
export type DemoSeeder = (em: EntityManager) => Promise<void>;
const demoSeeders: { name: string; run: DemoSeeder }[] = [];
export function registerDemoSeeder(name: string, run: DemoSeeder): void {
  if (!demoSeeders.some((s) => s.name === name)) demoSeeders.push({ name, run });
}

/**
 * Seeds reference data on every start (idempotent upserts) and demo data once, into an empty
 * database, when DEMO_DATA is on.
 */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Seed');

  constructor(
    private readonly em: EntityManager,
    private readonly passwords: PasswordService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      await this.seedReference(em);
      await this.seedBootstrapAdmin(em);
      if (this.config.demoData && (await em.count(User, {})) === 0) {
        await this.seedDemo(em);
        for (const seeder of demoSeeders) await seeder.run(em);
        this.logger.log(`Demo data loaded (${['users', ...demoSeeders.map((s) => s.name)].join(', ')})`);
      }
    });
  }

  async seedReference(em: EntityManager): Promise<void> {
    const brands = brandSeeds(this.config.productBrandName);
    // Brands and parameters are only inserted when missing: operators may have tuned them.
    await em.upsertMany(Brand, brands.map(brandRow), { onConflictAction: 'ignore' });
    await em.upsertMany(AppParameter, brands.flatMap(parameterRows), {
      onConflictFields: ['appName', 'countryCode', 'parameterType', 'parameterCode'],
      onConflictAction: 'ignore',
    });
    await em.upsertMany(SystemParameter, SYSTEM_PARAMETERS, { onConflictAction: 'ignore' });
    await em.upsertMany(DocumentType, DOCUMENT_TYPES);
    await em.upsertMany(
      BrandDocumentType,
      brands.flatMap((b) =>
        (['N', 'J', 'R'] as const).flatMap((personType) =>
          b.documentTypes[personType].map((documentTypeId, i) => ({ appName: b.appName, personType, documentTypeId, sortOrder: i })),
        ),
      ),
    );
    const divipola = JSON.parse(readFileSync(join(REPO_ROOT, 'backend/reference-data/colombia-divipola.json'), 'utf8')) as Divipola;
    await em.upsertMany(
      Department,
      divipola.departments.map((d) => ({ id: Number(d.code), daneCode: d.code, name: d.name, countryCode: 'CO' })),
    );
    await em.upsertMany(
      Municipality,
      divipola.departments.flatMap((d) => d.municipalities.map((m) => ({ id: Number(m.code), daneCode: m.code, name: m.name, departmentId: Number(d.code) }))),
      { batchSize: 500 },
    );
    await em.upsertMany(RejectType, REJECT_TYPES);
    await em.upsertMany(EmailBlacklistRule, EMAIL_BLACKLIST);
    await em.upsertMany(
      Privilege,
      Object.entries(PRIVILEGES).map(([code, description]) => ({ code, description })),
    );
    await em.upsertMany(
      Role,
      ROLES.map(({ code, name, app }) => ({ code, name, app })),
    );
    // The matrix is code-owned: links not in it are removed.
    await em.nativeDelete(RolePrivilege, {});
    await em.insertMany(
      RolePrivilege,
      ROLES.flatMap((r) => r.privileges.map((privilegeCode) => ({ roleCode: r.code, privilegeCode }))),
    );
  }

  async seedBootstrapAdmin(em: EntityManager): Promise<void> {
    const admin = this.config.bootstrapAdmin;
    if (!admin || (await em.count(User, { username: admin.username }))) return;
    em.create(User, {
      id: crypto.randomUUID(),
      username: admin.username,
      passwordHash: await this.passwords.hash(admin.password),
      names: 'Administrador',
      surnames: 'Inicial',
      email: `${admin.username}@localhost`,
      enabled: true,
      roleCode: 'SUPERADMIN',
      apps: ['LICENSE'],
      customerId: null,
    });
    await em.flush();
    this.logger.log(`Created the bootstrap superadmin ${admin.username}`);
  }

  async seedDemo(em: EntityManager): Promise<void> {
    const company = em.create(Customer, { ...DEMO_COMPANY, dv: nitCheckDigit(DEMO_COMPANY.documentNumber), createdBy: 'superadmin', modifiedBy: 'superadmin' });
    await em.flush();
    const passwordHash = await this.passwords.hash(this.config.demoPassword);
    for (const demo of DEMO_USERS) {
      em.create(User, {
        id: crypto.randomUUID(),
        username: demo.username,
        passwordHash,
        names: demo.names,
        surnames: demo.surnames,
        email: demo.email,
        enabled: true,
        roleCode: demo.roleCode,
        apps: demo.apps,
        customerId: demo.customer ? company.id : null,
      });
    }
    await em.flush();
  }
}
