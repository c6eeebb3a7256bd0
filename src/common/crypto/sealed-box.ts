import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption (AES-256-GCM) for data that must wait in the database, such as a
 * queued e-mail carrying a sign-in link: whoever reads the table cannot use it.
 */
export class SealedBox {
  private readonly keys: Buffer[];

  /** `secrets` newest first; each yields a key for `purpose`, older ones still open old boxes. */
  constructor(secrets: string[], purpose: string) {
    this.keys = secrets.map((secret) => Buffer.from(hkdfSync('sha256', secret, 'meterly', purpose, 32)));
  }

  seal(value: unknown): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys[0], iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
  }

  open<T>(sealed: string): T {
    const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    for (const key of this.keys) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAuthTag(tag);
        return JSON.parse(Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')) as T;
      } catch {
        // try the next (older) key
      }
    }
    throw new Error('The sealed value cannot be opened with any current key.');
  }
}
