import { Inject, Injectable, Logger } from '@nestjs/common';
import { appConfig, type AppConfig } from '../../config/app-config';
import { stateDay } from '../../shared/dates/state-day';
import { MailService } from '../mail';
import { insuredFirstName, PolicyRecords, type PolicyRow } from '../policy';
import { UsersService } from '../users';
import { claimChangedMail, claimReceivedMail, type ClaimMailContext } from './claim-mail';
import type { ClaimView } from '../../shared/claims/claim-model';
import type { MailMessage } from '../mail';

/** The claim's policy: its customer, its state (whose clock the day is read on) and its named insured (whom the mail greets). */
type ClaimPolicy = Pick<PolicyRow, 'userId' | 'state' | 'drivers'>;

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
    private readonly policies: PolicyRecords,
    private readonly mail: MailService,
  ) {}

  received(policy: ClaimPolicy, claim: ClaimView): Promise<void> {
    return this.send(
      () => Promise.resolve(policy),
      claim,
      (context) => claimReceivedMail(context),
    );
  }

  changed(policyId: string, claim: ClaimView, note: string): Promise<void> {
    return this.send(
      async () => (await this.policies.findById(policyId))!,
      claim,
      (context) => claimChangedMail(context, note),
    );
  }

  private async send(policyOf: () => Promise<ClaimPolicy>, claim: ClaimView, compose: (context: ClaimMailContext) => MailMessage): Promise<void> {
    try {
      const owner = await policyOf();
      const user = (await this.users.findById(owner.userId))!;
      await this.mail.queue(
        compose({
          to: user.email,
          locale: user.locale,
          name: insuredFirstName(owner),
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
