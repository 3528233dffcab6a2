import { Injectable } from '@nestjs/common';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
const OPTIONS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };

@Injectable()
export class PasswordService {
  private dummy?: Promise<string>;

  hash(password: string): Promise<string> {
    return hash(password, OPTIONS);
  }

  async verify(passwordHash: string | undefined, password: string): Promise<boolean> {
    // Unknown users cost the same time as known ones, so timing does not reveal user names.
    this.dummy ??= this.hash('timing-equaliser');
    const target = passwordHash ?? (await this.dummy);
    const ok = await verify(target, password).catch(() => false);
    return ok && passwordHash !== undefined;
  }
}
