import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the Stripe SDK made, its form body flattened ("metadata[charge_id]"). */
export interface StripeCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}

export interface StripeAnswer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type StripeHandler = (call: StripeCall) => StripeAnswer;

/**
 * A loopback HTTP server standing in for api.stripe.com: records every call the SDK makes and
 * answers what the test says (the SDK is pointed at it with host, port and protocol).
 */
export class FakeStripe {
  readonly calls: StripeCall[] = [];
  private handler: StripeHandler = () => ({ status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such thing' } } });

  private constructor(private readonly server: http.Server) {}

  static async start(): Promise<FakeStripe> {
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://stripe.test');
        const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : body));
        const call = { method: req.method ?? 'GET', path: url.pathname, headers: req.headers, form };
        fake.calls.push(call);
        const answer = fake.handler(call);
        res.writeHead(answer.status ?? 200, { 'Content-Type': 'application/json', 'Request-Id': 'req_fake', ...answer.headers });
        res.end(JSON.stringify(answer.body));
      });
    });
    // Read by the handler above, which runs only once the server listens.
    const fake = new FakeStripe(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  respond(handler: StripeHandler): void {
    this.handler = handler;
  }

  reset(): void {
    this.calls.length = 0;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A PaymentIntent as Stripe answers it. */
export function paymentIntent(fields: { id?: string; status: string; amount?: number; metadata?: Record<string, string>; last_payment_error?: unknown; client_secret?: string }) {
  const id = fields.id ?? 'pi_fake_1';
  return {
    id,
    object: 'payment_intent',
    amount: fields.amount ?? 4217,
    currency: 'usd',
    client_secret: fields.client_secret ?? `${id}_secret_abc`,
    metadata: fields.metadata ?? {},
    last_payment_error: fields.last_payment_error ?? null,
    status: fields.status,
  };
}

/** Stripe's answer to a refused card: 402 with the error and the PaymentIntent it left. */
export function cardError(code: string, declineCode?: string, intentId = 'pi_fake_declined'): StripeAnswer {
  const error = { type: 'card_error', code, ...(declineCode ? { decline_code: declineCode } : {}), message: 'Your card was declined.' };
  return {
    status: 402,
    body: { error: { ...error, payment_intent: paymentIntent({ id: intentId, status: 'requires_payment_method', last_payment_error: error }) } },
  };
}
