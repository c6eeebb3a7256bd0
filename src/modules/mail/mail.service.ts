import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { SealedBox } from '../../common/crypto/sealed-box';
import { APP_SECRETS } from '../../config/secrets.provider';
import { JobQueue } from '../jobs/job-queue.service';
import type { MailMessage } from './mail-message';
import { MailTransport } from './mail-transport';

const QUEUE = 'mail.send';

type Payload = { sealed: string };
type Sealed = { message: MailMessage } | { drop: true };

/**
 * Mail goes through a queue in Postgres so a slow mail server never holds up an answer and a
 * crash loses nothing. The payload is sealed: a sign-in link must not sit readable in a table.
 */
@Injectable()
export class MailService implements OnModuleInit {
  private readonly box: SealedBox;

  constructor(
    private readonly jobs: JobQueue,
    private readonly transport: MailTransport,
    @Inject(APP_SECRETS) secrets: string[],
  ) {
    this.box = new SealedBox(secrets, 'mail-queue');
  }

  onModuleInit(): void {
    this.jobs.register<Payload>(QUEUE, async ({ sealed }) => {
      const content = this.box.open<Sealed>(sealed);
      if ('message' in content) await this.transport.send(content.message);
    }, { retryLimit: 8, retryDelaySeconds: 20 });
  }

  /** Queues a message. `undefined` queues nothing to send, at the same cost (see MagicLinkService). */
  async queue(message: MailMessage | undefined): Promise<void> {
    const content: Sealed = message ? { message } : { drop: true };
    await this.jobs.send<Payload>(QUEUE, { sealed: this.box.seal(content) });
  }
}
