import { Injectable } from '@nestjs/common';
import type { MailMessage } from './mail-message';

/** Turns what a request queued (plain JSON) into the message, in the mail job. */
export type MailRenderer<T> = (input: T) => Promise<MailMessage>;

/**
 * Mail that is costly to write (a PDF attached: tens of milliseconds of CPU) is written in the
 * mail job, not in the request that queued it. The request queues a renderer's name and the
 * facts as it saw them; the module that owns those facts registers the renderer at init. The
 * mail module so never imports the modules whose mail it sends (docs/architecture.md).
 */
@Injectable()
export class MailRenderers {
  private readonly renderers = new Map<string, MailRenderer<never>>();

  register<T>(name: string, renderer: MailRenderer<T>): void {
    // Two features under one name would send one's facts through the other's renderer.
    if (this.renderers.has(name)) throw new Error(`A mail renderer named "${name}" is registered already.`);
    this.renderers.set(name, renderer);
  }

  /** Throws when no renderer has the name (the job is retried: another instance may know it). */
  render(name: string, input: unknown): Promise<MailMessage> {
    const renderer = this.renderers.get(name);
    if (!renderer) return Promise.reject(new Error(`No mail renderer named "${name}" on this instance.`));
    return renderer(input as never);
  }
}
