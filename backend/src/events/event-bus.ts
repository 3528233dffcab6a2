import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import pg from 'pg';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DATABASE } from '../database/database.module.js';
import type { Database } from '../database/orm.js';
import { type AppEvent, EVENTS_CHANNEL } from './events.js';

type Handler = (event: AppEvent) => void | Promise<void>;

/**
 * Publishes events with NOTIFY inside the caller's transaction, so PostgreSQL delivers them only
 * after commit, to every instance that LISTENs (this one included). The embedded database
 * delivers NOTIFY to its own listeners the same way.
 */
@Injectable()
export class EventBus implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('EventBus');
  private readonly handlers: Handler[] = [];
  private client?: pg.Client;
  private unlisten?: () => Promise<void>;
  private closing = false;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  subscribe(handler: Handler): void {
    this.handlers.push(handler);
  }

  /** Queues the event on the given (transactional) EntityManager. */
  async publish(em: EntityManager, event: AppEvent): Promise<void> {
    await em.getConnection().execute('select pg_notify(?, ?)', [EVENTS_CHANNEL, JSON.stringify(event)], 'all', em.getTransactionContext());
  }

  private dispatch(payload: string | undefined): void {
    if (!payload) return;
    let event: AppEvent;
    try {
      event = JSON.parse(payload) as AppEvent;
    } catch {
      this.logger.warn(`Ignoring malformed event ${payload.slice(0, 80)}`);
      return;
    }
    for (const handler of this.handlers) {
      Promise.resolve(handler(event)).catch((error: unknown) => this.logger.error({ err: error }, `Handler failed for ${event.type}`));
    }
  }

  async onModuleInit(): Promise<void> {
    if (this.db.pglite) {
      this.unlisten = await this.db.pglite.listen(EVENTS_CHANNEL, (payload) => this.dispatch(payload));
      return;
    }
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.config.databaseUrl });
    client.on('notification', (message) => this.dispatch(message.payload));
    client.on('error', (error) => {
      this.logger.warn(`LISTEN connection lost: ${error.message}`);
      void client.end().catch(() => undefined);
      if (!this.closing) setTimeout(() => void this.connect().catch((e: Error) => this.logger.error(e.message)), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    this.client = client;
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    await this.unlisten?.().catch(() => undefined);
    await this.client?.end().catch(() => undefined);
  }
}
