// A signed-in customer holding a policy, made through the API as a person makes one (the same
// calls as test/support/purchase-flow.ts). Kept in this one file: when the application asks
// for more (a field, a step), only this file changes.
import { randomUUID } from 'node:crypto';
import pg from 'pg';

const day = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const ANSWERS = {
  zip: '85004',
  vehicle: { year: 2019, make: 'Honda', model: 'Civic' },
  driver: { firstName: 'Ana', lastName: 'García', birthDate: '1988-04-12', gender: 'female', yearsLicensed: 18 },
  priorInsurance: 'over-3-years',
  incidents: [],
  milesPerMonth: 600,
};
const ADDRESS = { line1: '120 W Washington St', line2: 'Apt 4', city: 'Phoenix' };
const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', postalCode: '85004' };

/** fetch with the site's Origin and one cookie jar, as the customer's browser calls the API. */
function browserLike(base) {
  const jar = new Map();
  const call = async (method, path, body, headers = {}) => {
    const res = await fetch(base + path, {
      method,
      headers: { origin: base, 'content-type': 'application/json', cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text).payload : undefined;
  };
  return { call, cookie: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
}

/** Waits for the local mailbox to hold `count` mails to `email` (mail goes out through the job queue): the newest. */
async function waitForMail(databaseUrl, email, count) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const { rows } = await db.query('SELECT text_body FROM local_mailbox WHERE lower(to_address) = lower($1) ORDER BY sent_at DESC', [email]);
      if (rows.length >= count) return rows[0].text_body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await db.end();
  }
  throw new Error(`Mail ${count} to ${email} did not arrive`);
}

/** Signs a new customer in and buys a policy: the session cookie and the email (to check a page is theirs). */
export async function customerWithPolicy(base, databaseUrl) {
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  const client = browserLike(base);
  await client.call('POST', '/api/auth/magic-link', { email });
  const code = /#code=([A-Za-z0-9_-]{43})/.exec(await waitForMail(databaseUrl, email, 1))?.[1];
  await client.call('POST', '/api/auth/exchange-token', { code });

  const { id } = await client.call('POST', '/api/quotes', ANSWERS);
  await client.call('PUT', `/api/quotes/${id}/application/address`, ADDRESS);
  await client.call('PUT', `/api/quotes/${id}/application/drivers`, { drivers: [] });
  await client.call('PUT', `/api/quotes/${id}/application/vehicles`, { vehicles: [] });
  await client.call('PUT', `/api/quotes/${id}/application/history`, { priorInsurance: 'over-3-years', currentCarrier: 'Acme Mutual' });
  await client.call('PUT', `/api/quotes/${id}/package`, { package: 'standard' });
  await client.call('POST', `/api/quotes/${id}/coverage/confirm`, {});
  const { token } = await client.call('POST', '/api/payments/sandbox/tokens', CARD);
  await client.call(
    'POST',
    '/api/policies',
    { quoteId: id, paymentToken: token, startDate: day(1), agreeToTerms: true, signatureName: 'Ana García' },
    { 'idempotency-key': randomUUID() },
  );
  const policies = await client.call('GET', '/api/policies');
  if (!JSON.stringify(policies).includes('MP-')) throw new Error(`${email} bought a policy but /api/policies does not list it`);
  // The policy's mail (its documents rendered as PDFs) is sent in the background: measure after it.
  await waitForMail(databaseUrl, email, 2);
  return { email, cookie: client.cookie() };
}
