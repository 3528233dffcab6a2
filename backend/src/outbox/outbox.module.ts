import { Global, Inject, Module, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { OutboxRepository } from './outbox.repository.js';
import { OutboxService } from './outbox.service.js';
import { OutboxWorker } from './outbox.worker.js';
import { TEST_HANDLERS } from './testing/witness.handlers.js';

/** The transactional outbox: OutboxService for every domain, OutboxWorker on every instance. */
@Global()
@Module({
  providers: [OutboxRepository, OutboxService, OutboxWorker],
  exports: [OutboxService, OutboxWorker],
})
export class OutboxModule implements OnModuleInit {
  constructor(
    private readonly outbox: OutboxService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    for (const name of this.config.outbox.testHandlers) {
      const make = TEST_HANDLERS[name];
      if (!make) throw new Error(`OUTBOX_TEST_HANDLERS: unknown handler "${name}" (known: ${Object.keys(TEST_HANDLERS).join(', ')})`);
      this.outbox.register(make());
    }
  }
}
