import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { SealedBox } from '../../common/crypto/sealed-box';
import { mailFailed, mailSent } from '../../common/metrics/metrics-registry';
import { APP_SECRETS } from '../../config/secrets.provider';
import { JobQueue } from '../jobs';
import { MailRenderers } from './mail-renderers';
import { MailTransport } from './mail-transport';
import type { MailMessage } from './mail-message';
import type { MailRenderer } from './mail-renderers';

const QUEUE = 'mail.send';
/**
 * Mail a renderer writes in the job (PDFs attached) has its own queue: a burst of them (a night's
 * renewal offers) never makes a sign-in link wait behind their rendering, and an instance of the
 * code before it, mid-deploy, never takes one (it knows no such queue) and drops it as nothing to send.
 */
const RENDER_QUEUE = 'mail.render';

/**
 * Messages handed to the mail server at once on each instance (of a pool of 10 connections,
 * each send holds one only briefly): a server that takes half a second a message still sends
 * a burst of 20 in about two seconds, not ten.
 */
const CONCURRENT_SENDS = 5;
/** Rendering is CPU on the server's one thread: two at once keep the mail going without a line of requests behind it. */
const CONCURRENT_RENDERS = 2;
/**
 * A refused send is tried again 2–4 s later (a sign-in link is wanted now), then at twice the
 * delay each time: 12 retries cover a mail server down for about two hours.
 */
const RETRIES = { retryLimit: 12, retryDelaySeconds: 2 };

type Payload = { sealed: string };
/** A message written in the request, one a renderer writes in the job (`render`), or nothing to send. */
type Sealed = { message: MailMessage } | { render: { name: string; input: unknown } } | { drop: true };

/**
 * Mail goes through a queue in Postgres so a slow mail server never holds up an answer and a
 * crash loses nothing. The payload is sealed: a sign-in link must not sit readable in a table.
 */
@Injectable()
export class MailService implements OnModuleInit {
  private readonly logger = new Logger(MailService.name);
  private readonly box: SealedBox;

  constructor(
    private readonly jobs: JobQueue,
    private readonly transport: MailTransport,
    private readonly renderers: MailRenderers,
    @Inject(APP_SECRETS) secrets: string[],
  ) {
    this.box = new SealedBox(secrets, 'mail-queue');
  }

  onModuleInit(): void {
    const deliver = async ({ sealed }: Payload) => {
      const content = this.box.open<Sealed>(sealed);
      if ('drop' in content) return;
      const message = 'message' in content ? content.message : await this.rendered(content.render.name, content.render.input);
      try {
        await this.transport.send(message);
      } catch (error) {
        mailFailed.inc();
        throw error;
      }
      mailSent.inc();
    };
    this.jobs.register<Payload>(QUEUE, deliver, { ...RETRIES, concurrency: CONCURRENT_SENDS });
    this.jobs.register<Payload>(RENDER_QUEUE, deliver, { ...RETRIES, concurrency: CONCURRENT_RENDERS });
  }

  /** Queues a message. `undefined` queues nothing to send, at the same cost (see MagicLinkService). */
  async queue(message: MailMessage | undefined): Promise<void> {
    const content: Sealed = message ? { message } : { drop: true };
    await this.jobs.send<Payload>(QUEUE, { sealed: this.box.seal(content) });
  }

  /**
   * Registers the renderer `name` for queueRendered: the module whose facts it writes from does, at
   * its init (the mail module imports none of them). The workers start after every module's init.
   */
  registerRenderer<T>(name: string, renderer: MailRenderer<T>): void {
    this.renderers.register(name, renderer);
  }

  /**
   * Queues a message the renderer `name` writes in the job from `input` (plain JSON: the facts as
   * the request saw them, sealed in the queue like any message). The request pays for one insert.
   */
  async queueRendered(name: string, input: unknown): Promise<void> {
    const content: Sealed = { render: { name, input } };
    await this.jobs.send<Payload>(RENDER_QUEUE, { sealed: this.box.seal(content) });
  }

  /**
   * A renderer that fails is retried with the job (12 times over about two hours): the mail waits
   * for its documents rather than going without them (docs: a welcome that says "your ID card is
   * attached" and has none is worse than a late one). The log names the renderer, never the facts.
   */
  private async rendered(name: string, input: unknown): Promise<MailMessage> {
    try {
      return await this.renderers.render(name, input);
    } catch (error) {
      this.logger.warn({ err: error, renderer: name }, 'mail not rendered; the queue tries again');
      throw error;
    }
  }
}
