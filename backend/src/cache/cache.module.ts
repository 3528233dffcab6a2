import { Global, Module } from '@nestjs/common';
import { PreparedCaller } from './prepared-caller.js';
import { ReadCache } from './read-cache.js';

@Global()
@Module({ providers: [ReadCache, PreparedCaller], exports: [ReadCache, PreparedCaller] })
export class CacheModule {}
