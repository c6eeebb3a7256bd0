import { Logger } from '@nestjs/common';
import { maskEmail } from '../../shared/mask-email';
import { MailTransport } from './mail-transport';
import type { LocalMailboxRepository } from './local-mailbox.repository';
import type { MailMessage } from './mail-message';

/**
 * Local mode: mail is kept in the local mailbox table. The log says where to read it, never
 * what it says: a sign-in link is a secret and no log line may carry one.
 */
export class LocalMailboxTransport extends MailTransport {
  private readonly logger = new Logger('LocalMailbox');

  constructor(
    private readonly mailbox: LocalMailboxRepository,
    private readonly mailboxUrl: string,
  ) {
    super();
  }

  async send(message: MailMessage): Promise<void> {
    const id = await this.mailbox.store(message);
    this.logger.log(`Mail for ${maskEmail(message.to)} ("${message.subject}") is in the local mailbox: ${this.mailboxUrl}/${id}`);
  }
}
