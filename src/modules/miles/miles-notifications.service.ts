import { Injectable } from '@nestjs/common';
import { PolicyMailer } from '../policy';
import { disputeDecidedMail, milesReminderMail, type DisputeDecision } from './miles-mail';
import type { PolicyRow } from '../policy';

/** The e-mails about a policy's miles: send a reading, and a disputed day decided. */
@Injectable()
export class MilesNotifications {
  constructor(private readonly mailer: PolicyMailer) {}

  /** No trip and no reading for a while: a reminder to send a reading. */
  milesReminder(policy: PolicyRow, quiet: Parameters<typeof milesReminderMail>[1]): Promise<void> {
    return this.mailer.send(policy, 'miles-reminder', (context) => milesReminderMail(context, quiet));
  }

  /** Staff decided a day the customer disputed: the miles we now count, or that we kept ours, and their note. */
  disputeDecided(policy: PolicyRow, decided: DisputeDecision): Promise<void> {
    return this.mailer.send(policy, 'dispute-decided', (context) => disputeDecidedMail(context, decided));
  }
}
