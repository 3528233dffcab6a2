import { Global, Module } from '@nestjs/common';
import { SessionState } from '../auth/session-state.js';
import { CustomerModule } from '../customer/customer.module.js';
import { CustomerAccessRepository } from './customer-access.repository.js';
import { CustomerAccessService } from './customer-access.service.js';
import { LoginAttemptRepository } from './login-attempt.repository.js';
import { LoginController } from './login.controller.js';
import { LoginService } from './login.service.js';
import { LoginThrottle } from './login-throttle.js';
import { PasswordLinkController } from './password-link.controller.js';
import { PasswordService } from './password.service.js';
import { SessionRepository } from './session.repository.js';
import { SessionService } from './session.service.js';
import { UserController } from './user.controller.js';
import { UserRepository } from './user.repository.js';
import { UserService } from './user.service.js';

@Global()
@Module({
  imports: [CustomerModule],
  controllers: [LoginController, UserController, PasswordLinkController],
  providers: [
    PasswordService,
    UserRepository,
    SessionRepository,
    LoginAttemptRepository,
    LoginThrottle,
    SessionService,
    LoginService,
    UserService,
    CustomerAccessRepository,
    CustomerAccessService,
    { provide: SessionState, useExisting: SessionService },
  ],
  exports: [SessionState, SessionService, PasswordService, UserRepository, UserService, CustomerAccessService],
})
export class IdentityModule {}
