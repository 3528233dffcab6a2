import { Global, Module } from '@nestjs/common';
import { AuthGuard } from './auth.guard.js';
import { TokenService } from './token.service.js';

@Global()
@Module({
  providers: [TokenService, AuthGuard],
  exports: [TokenService, AuthGuard],
})
export class AuthModule {}
