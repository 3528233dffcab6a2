import { Global, Module } from '@nestjs/common';
import { ReadCache } from './read-cache.js';

@Global()
@Module({ providers: [ReadCache], exports: [ReadCache] })
export class CacheModule {}
