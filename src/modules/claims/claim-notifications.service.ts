import { Inject, Injectable, Logger } from '@nestjs/common';
import { appConfig, type AppConfig } from '../../config/app-config';
import { stateDay } from '../../shared/dates/state-day';
import { MailService } from '../mail';
import { UsersService } from '../users';
import { claimChangedMail, claimReceivedMail, type ClaimMailContext } from './claim-mail';
import type { ClaimView } from '../../shared/claims/claim-model';
import type { MailMessage } from '../mail';

/** Where the claim's customer is and whose clock its day is read on. */
interface ClaimOwner {
  userId: string;
  /** The policy's state: the day it happened is that state's. */
  state: string;
}

/**
 * The e-mails a claim sends its customer, in the customer's language, through the mail queue.
 * Mail never undoes what happened: a failure to queue is logged and the claim stands.
 */
@Injectable()
export class ClaimNotifications {
  private readonly logger = new Logger(ClaimNotifications.name);

  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly mail: MailService,
  ) {}

  received(owner: ClaimOwner, claim: ClaimView): Promise<void> {
    return this.send(owner, claim, (context) => claimReceivedMail(context));
  }

  changed(owner: ClaimOwner, claim: ClaimView, note: string): Promise<void> {
    return this.send(owner, claim, (context) => claimChangedMail(context, note));
  }

  private async send(owner: ClaimOwner, claim: ClaimView, compose: (context: ClaimMailContext) => MailMessage): Promise<void> {
    try {
      const user = (await this.users.findById(owner.userId))!;
      await this.mail.queue(
        compose({
          to: user.email,
          locale: user.locale,
          claim,
          occurredDay: stateDay(new Date(claim.occurredAt), owner.state),
          publicUrl: this.config.publicUrl,
          legal: this.config.legal,
        }),
      );
    } catch (error) {
      this.logger.error(`Claim ${claim.number}: the mail could not be queued`, error instanceof Error ? error.stack : String(error));
    }
  }
}
