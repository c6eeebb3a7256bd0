import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { freePort } from '../../support/free-port';
import { browserLike } from '../../support/sign-in';
import { createTestApp, type TestApp } from '../../support/test-app';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** Undoes quoted-printable soft breaks and escapes, enough to read a link out of a message. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('Mail through a real SMTP server (SMTP_URL)', () => {
  let sut: TestApp;
  let smtp: SMTPServer;
  const received: Received[] = [];

  beforeAll(async () => {
    const port = await freePort();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    sut = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Meterly <hello@meterly.example>' });
  });

  afterAll(async () => {
    await sut.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  async function waitForMessage(to: string): Promise<Received> {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const found = received.find((m) => m.to.includes(to));
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`The SMTP server received nothing for ${to}`);
  }

  it('delivers the sign-in link, text and HTML, and the link signs in', async () => {
    const client = browserLike(sut);
    await client.post('/api/auth/magic-link').set('Accept-Language', 'es-MX,es;q=0.9').send({ email: 'smtp-user@example.com' }).expect(200);
    const message = await waitForMessage('smtp-user@example.com');
    expect(message.from).toBe('hello@meterly.example');
    const body = decodeQuotedPrintable(message.raw);
    expect(body).toMatch(/Content-Type: text\/plain/);
    expect(body).toMatch(/Content-Type: text\/html/);
    expect(body).toMatch(/^Subject: =\?UTF-8\?|^Subject: Tu enlace/m);
    const code = /\/es\/magic-link#code=([A-Za-z0-9_-]{43})/.exec(body)![1];
    await client.post('/api/auth/exchange-token').send({ code }).expect(200);
    expect((await client.get('/api/session')).body.payload.userEmail).toBe('smtp-user@example.com');
  });

  it('has no local mailbox page when SMTP_URL is set', async () => {
    await request(sut.url).get('/dev/mailbox').expect(404);
  });
});
