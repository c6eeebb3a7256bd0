import type { MailMessage } from './mail-message';

/** Where mail goes: an SMTP server, or (local mode) the local mailbox. */
export abstract class MailTransport {
  abstract send(message: MailMessage): Promise<void>;
}
