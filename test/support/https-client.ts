import https from 'node:https';

export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Set-Cookie lines as sent. */
  setCookies: string[];
  text: string;
  /** The JSON body, when it is JSON. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the JSON as it came; each test asserts its shape
  body: any;
}

type Headers = Record<string, string | undefined>;

export interface HttpsClientOptions {
  /** The certificate to trust (the proxy's self-signed one). */
  ca: string;
  /** The loopback address to connect from, so each client has its own IP (127.0.0.2, …). */
  localAddress?: string;
}

/**
 * A small browser over real TLS: it trusts one certificate, connects from its own loopback
 * address and keeps cookies the way a browser must for a `__Host-` cookie (Secure, Path=/, no
 * Domain) — one it would refuse is not kept.
 */
export class HttpsClient {
  private readonly jar = new Map<string, string>();
  private readonly agent: https.Agent;

  constructor(
    readonly origin: string,
    options: HttpsClientOptions,
  ) {
    this.agent = new https.Agent({ ca: options.ca, localAddress: options.localAddress, keepAlive: true });
  }

  get cookieNames(): string[] {
    return [...this.jar.keys()];
  }

  /** The Cookie header this client sends now (to replay it from elsewhere). */
  get cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Headers given as undefined are not sent (a request without an Origin, say). */
  get(path: string, headers: Headers = {}): Promise<HttpsAnswer> {
    return this.request('GET', path, undefined, headers);
  }

  /** A JSON write as our own pages send it (Origin: the site) unless headers say otherwise. */
  post(path: string, body: unknown, headers: Headers = {}): Promise<HttpsAnswer> {
    return this.request('POST', path, JSON.stringify(body), { Origin: this.origin, 'Content-Type': 'application/json', ...headers });
  }

  close(): void {
    this.agent.destroy();
  }

  private request(method: string, path: string, body: string | undefined, given: Headers): Promise<HttpsAnswer> {
    const url = new URL(path, this.origin);
    const cookie = this.cookieHeader;
    const headers = Object.fromEntries(Object.entries(given).filter((entry): entry is [string, string] => entry[1] !== undefined));
    return new Promise((resolve, reject) => {
      const req = https.request(
        url,
        { method, agent: this.agent, headers: { ...(cookie && { Cookie: cookie }), ...(body !== undefined && { 'Content-Length': String(Buffer.byteLength(body)) }), ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const setCookies = res.headers['set-cookie'] ?? [];
            for (const line of setCookies) this.keep(line);
            let parsed: unknown;
            try {
              parsed = JSON.parse(text);
            } catch {
              parsed = undefined;
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, setCookies, text, body: parsed });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  private keep(line: string): void {
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    const name = pair.slice(0, pair.indexOf('='));
    const value = pair.slice(pair.indexOf('=') + 1);
    const attrs = attributes.map((attribute) => attribute.toLowerCase());
    if (name.startsWith('__Host-') && (!attrs.includes('secure') || !attrs.includes('path=/') || attrs.some((a) => a.startsWith('domain=')))) return;
    const expired = attrs.some((a) => a.startsWith('expires=') && new Date(a.slice(8)).getTime() <= Date.now()) || attrs.includes('max-age=0');
    if (expired || value === '') this.jar.delete(name);
    else this.jar.set(name, value);
  }
}
