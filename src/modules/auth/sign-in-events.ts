import { Injectable, Logger } from '@nestjs/common';

/** A visitor has just signed in on a new session. */
export interface SignInEvent {
  userId: string;
  email: string;
  /** The browser's analytics id from before sign-in, kept in the session. */
  anonymousId?: string;
  /** The server-issued key of what the browser's session made before sign-in (its quotes). */
  visitorKey?: string;
  /** The quote the sign-in link was asked for, when it was asked from /quote. */
  quoteId?: string;
}

type Listener = (event: SignInEvent) => Promise<void>;

/**
 * Lets features act on a sign-in (the quote module joins the visitor's quote to the account)
 * without the sign-in code knowing them. A listener that fails is logged and does not undo
 * the sign-in, which has already happened.
 */
@Injectable()
export class SignInEvents {
  private readonly logger = new Logger(SignInEvents.name);
  private readonly listeners: Listener[] = [];

  subscribe(listener: Listener): void {
    this.listeners.push(listener);
  }

  async emit(event: SignInEvent): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(event);
      } catch (error) {
        this.logger.error({ err: { type: (error as Error).name, message: (error as Error).message } }, 'A sign-in listener failed');
      }
    }
  }
}
