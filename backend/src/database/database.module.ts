import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { EntityManager, MikroORM } from '@mikro-orm/sql';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { type Database, migrate, openDatabase } from './orm.js';

export const DATABASE = Symbol('DATABASE');

/**
 * Opens the database (embedded or real), applies the committed migrations and exposes the
 * MikroORM instance and its EntityManager; each request runs in its own fork (see app.ts).
 */
@Global()
@Module({
  providers: [
    {
      provide: DATABASE,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig): Promise<Database> => {
        const db = await openDatabase(config);
        const applied = await migrate(db);
        if (applied.length) new Logger('Database').log(`Applied migrations: ${applied.join(', ')}`);
        return db;
      },
    },
    { provide: MikroORM, inject: [DATABASE], useFactory: (db: Database) => db.orm },
    { provide: EntityManager, inject: [DATABASE], useFactory: (db: Database) => db.orm.em },
  ],
  exports: [DATABASE, MikroORM, EntityManager],
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async onApplicationShutdown(): Promise<void> {
    await this.db.close();
  }
}
