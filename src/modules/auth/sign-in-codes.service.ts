import { Injectable } from '@nestjs/common';
import { SignInCodeRepository } from './sign-in-code.repository';

/** What other modules may do with sign-in codes: void a user's open codes, list their sign-ins, prune the old. */
@Injectable()
export class SignInCodes {
  constructor(private readonly codes: SignInCodeRepository) {}

  /** Voids every open code of a user, in the caller's transaction: how many. */
  voidAllFor(user: { id: string; email: string }, now: Date): Promise<number> {
    return this.codes.voidAllFor(user, now);
  }

  /** The user's sign-ins by e-mailed link (web or app), oldest first: the data export's sign-in history. */
  signInsOf(user: { id: string; email: string }): Promise<{ purpose: 'web' | 'app'; requestedAt: Date; usedAt: Date }[]> {
    return this.codes.signInsOf(user);
  }

  /** Erases every code of a deleted account (issue 27), in the caller's transaction. */
  eraseAllFor(user: { id: string; email: string }): Promise<number> {
    return this.codes.eraseAllFor(user);
  }

  prune(now: Date): Promise<void> {
    return this.codes.prune(now);
  }
}
