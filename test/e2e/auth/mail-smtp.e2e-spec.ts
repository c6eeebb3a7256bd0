import request from 'supertest';
import { browserLike } from '../../support/sign-in';
import { startSmtpCapture, type SmtpCapture } from '../../support/smtp-capture';
import { useTestApp } from '../../support/use-test-app';

describe('Mail through a real SMTP server (SMTP_URL)', () => {
  let smtp: SmtpCapture;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });

  const sut = useTestApp(() => ({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Meterly <hello@meterly.example>' } }));

  afterAll(async () => {
    await smtp.close();
  });

  it('delivers the sign-in link, text and HTML, and the link signs in', async () => {
    const client = browserLike(sut);
    await client.post('/api/auth/magic-link').set('Accept-Language', 'es-MX,es;q=0.9').send({ email: 'smtp-user@example.com' }).expect(200);
    const message = await smtp.waitForMessage('smtp-user@example.com');
    expect(message.from).toBe('hello@meterly.example');
    const body = message.text;
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
