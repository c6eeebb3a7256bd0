import { Logger } from '@nestjs/common';
import { MailRenderers } from './mail-renderers';
import { MailService } from './mail.service';
import type { JobQueue } from '../jobs';
import type { MailMessage } from './mail-message';
import type { MailTransport } from './mail-transport';

const MESSAGE: MailMessage = {
  to: 'ana@example.com',
  subject: 'Your policy',
  text: 'Welcome',
  html: '<p>Welcome</p>',
  attachments: [{ filename: 'meterly-id-card-MP-AZ-1000001.pdf', contentType: 'application/pdf', contentBase64: 'JVBERi0=' }],
};

/** The mail service on a queue kept in memory: what a request queues, and the job that sends it. */
function mailService(renderers: MailRenderers) {
  const queued: { queue: string; data: object }[] = [];
  const handlers = new Map<string, (data: never) => Promise<void>>();
  const jobs = {
    register: (queue: string, work: (data: never) => Promise<void>) => handlers.set(queue, work),
    send: async (queue: string, data: object) => void queued.push({ queue, data }),
  } as unknown as JobQueue;
  const sent: MailMessage[] = [];
  const transport: MailTransport = { send: async (message) => void sent.push(message) };
  const service = new MailService(jobs, transport, renderers, ['a-secret-long-enough-for-the-test-0123456789']);
  service.onModuleInit();
  return { service, queued, sent, runJob: ({ queue, data }: { queue: string; data: object }) => handlers.get(queue)!(data as never) };
}

describe('MailRenderers: mail written in the job, from what the request queued', () => {
  it('renders with the named renderer and the input as queued, and refuses a second renderer of the same name', async () => {
    const renderers = new MailRenderers();
    renderers.register<{ name: string }>('welcome', async ({ name }) => ({ ...MESSAGE, text: `Welcome, ${name}` }));
    await expect(renderers.render('welcome', { name: 'Ana' })).resolves.toMatchObject({ text: 'Welcome, Ana' });
    expect(() => renderers.register('welcome', async () => MESSAGE)).toThrow(/registered already/);
  });

  it('rejects a name no renderer has (the job is tried again, maybe on an instance that knows it)', async () => {
    await expect(new MailRenderers().render('unknown', {})).rejects.toThrow(/No mail renderer named "unknown"/);
  });

  it('queues the renderer and its input sealed, renders nothing in the request, and sends the rendered message from the job', async () => {
    const render = jest.fn(async (input: { policyNumber: string }) => ({ ...MESSAGE, subject: `Policy ${input.policyNumber}` }));
    const { service, queued, sent, runJob } = mailService(new MailRenderers());
    // As a feature module registers its renderer at init.
    service.registerRenderer('policy', render);

    await service.queueRendered('policy', { policyNumber: 'MP-AZ-1000001' });
    expect(render).not.toHaveBeenCalled();
    // Its own queue: sign-in links (mail.send) never wait behind renders.
    expect(queued.map((job) => job.queue)).toEqual(['mail.render']);
    // Sealed: neither the renderer's input nor its name is readable in the queue's table.
    expect(JSON.stringify(queued[0].data)).not.toMatch(/MP-AZ-1000001|policy/);

    await runJob(queued[0]);
    expect(render).toHaveBeenCalledWith({ policyNumber: 'MP-AZ-1000001' });
    expect(sent).toEqual([{ ...MESSAGE, subject: 'Policy MP-AZ-1000001' }]);
  });

  it('a render that fails fails the job (the queue retries it), sends nothing, and logs the renderer, never its input', async () => {
    const renderers = new MailRenderers();
    let fail = true;
    renderers.register('policy', async () => {
      if (fail) throw new Error('font not loaded');
      return MESSAGE;
    });
    const { service, queued, sent, runJob } = mailService(renderers);
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      await service.queueRendered('policy', { insured: 'Ana García' });
      await expect(runJob(queued[0])).rejects.toThrow('font not loaded');
      expect(sent).toEqual([]);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(JSON.stringify(warn.mock.calls[0])).toContain('"renderer":"policy"');
      expect(JSON.stringify(warn.mock.calls[0])).not.toContain('Ana');

      fail = false;
      await runJob(queued[0]);
      expect(sent).toEqual([MESSAGE]);
    } finally {
      warn.mockRestore();
    }
  });

  it('still sends a message written in the request as before', async () => {
    const { service, queued, sent, runJob } = mailService(new MailRenderers());
    await service.queue(MESSAGE);
    expect(queued.map((job) => job.queue)).toEqual(['mail.send']);
    await runJob(queued[0]);
    expect(sent).toEqual([MESSAGE]);
  });
});
