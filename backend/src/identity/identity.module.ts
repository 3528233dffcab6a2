import { Global, Module } from '@nestjs/common';
import { SessionState } from '../auth/session-state.js';
import { CustomerModule } from '../customer/customer.module.js';
import { LoginAttemptRepository } from './login-attempt.repository.js';
import { LoginController } from './login.controller.js';
import { LoginService } from './login.service.js';
import { LoginThrottle } from './login-throttle.js';
import { PasswordService } from './password.service.js';
import { SessionRepository } from './session.repository.js';
import { SessionService } from './session.service.js';
import { UserController } from './user.controller.js';
import { UserRepository } from './user.repository.js';
import { UserService } from './user.service.js';

@Global()
@Module({
  imports: [CustomerModule],
  controllers: [LoginController, UserController],
  providers: [
    PasswordService,
    UserRepository,
    SessionRepository,
    LoginAttemptRepository,
    LoginThrottle,
    SessionService,
    LoginService,
    UserService,
    { provide: SessionState, useExisting: SessionService },
  ],
  exports: [SessionState, SessionService, PasswordService, UserRepository, UserService],
})
export class IdentityModule {}
