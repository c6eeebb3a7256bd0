import { Injectable } from '@nestjs/common';
import { SignInCodeRepository } from './sign-in-code.repository';
import type { DataSource, EntityManager } from 'typeorm';

/** What other modules may do with sign-in codes: void a user's open codes, prune the old. */
@Injectable()
export class SignInCodes {
  constructor(private readonly codes: SignInCodeRepository) {}

  /** For tools and classes built outside Nest (scripts/staff.ts): the service over a connection. */
  static over(dataSource: DataSource): SignInCodes {
    return new SignInCodes(new SignInCodeRepository(dataSource));
  }

  /** Voids every open code of a user, in the caller's transaction: how many. */
  voidAllFor(user: { id: string; email: string }, now: Date, manager: EntityManager): Promise<number> {
    return this.codes.voidAllFor(user, now, manager);
  }

  prune(now: Date): Promise<void> {
    return this.codes.prune(now);
  }
}
