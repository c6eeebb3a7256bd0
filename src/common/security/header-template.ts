import type { RequestHandler } from 'express';

/**
 * The headers our security middleware sets, worked out once with a marker in place of the
 * nonce, so a page served from memory gets exactly the same headers at the cost of one
 * string replace.
 */
export class HeaderTemplate {
  private constructor(
    private readonly headers: Array<[string, string]>,
    private readonly marker: string,
  ) {}

  static async capture(middlewares: RequestHandler[], marker: string): Promise<HeaderTemplate> {
    const captured = new Map<string, string>();
    const res = {
      locals: {} as Record<string, unknown>,
      setHeader: (name: string, value: string | string[]) => captured.set(name.toLowerCase(), String(value)),
      getHeader: (name: string) => captured.get(name.toLowerCase()),
      removeHeader: (name: string) => captured.delete(name.toLowerCase()),
    };
    const req = { method: 'GET', url: '/', headers: {} };
    for (const middleware of middlewares) {
      await new Promise<void>((resolve, reject) =>
        middleware(req as never, res as never, (err?: unknown) =>
          err ? reject(err instanceof Error ? err : new Error('A header middleware failed', { cause: err })) : resolve(),
        ),
      );
      // The nonce middleware runs first; from then on every value that names it names the marker.
      res.locals.cspNonce = marker;
    }
    return new HeaderTemplate([...captured.entries()], marker);
  }

  /** The headers, by lower-case name, with this nonce where the middleware put its own. */
  fill(nonce: string): Record<string, string> {
    const filled: Record<string, string> = {};
    for (const [name, value] of this.headers) filled[name] = value.includes(this.marker) ? value.split(this.marker).join(nonce) : value;
    return filled;
  }
}
