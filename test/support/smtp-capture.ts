import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port';

/**
 * A real SMTP server on loopback that keeps what it receives: what a STAGING or PRODUCTION
 * configuration (which must have SMTP_URL) sends its mail to in a test.
 */
export interface SmtpCapture {
  url: string;
  /** The decoded text of the newest message for `to`, waiting for it up to `timeoutMs`. */
  waitFor(to: string, timeoutMs?: number): Promise<string>;
  /** The newest message for `to`, its sender and its decoded text, waiting for it up to `timeoutMs`. */
  waitForMessage(to: string, timeoutMs?: number): Promise<{ from: string; text: string }>;
  close(): Promise<void>;
}

/** Undoes quoted-printable soft breaks and escapes, enough to read a link out of a message. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const received: { from: string; to: string[]; text: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push({ from, to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), text: decodeQuotedPrintable(raw) });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const waitForMessage = async (to: string, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = received.filter((m) => m.to.includes(to.toLowerCase())).pop();
      if (found) return { from: found.from, text: found.text };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`The SMTP server received nothing for ${to}`);
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    waitForMessage,
    waitFor: async (to, timeoutMs) => (await waitForMessage(to, timeoutMs)).text,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}
