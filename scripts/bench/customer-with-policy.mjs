// A signed-in customer holding a policy, made through the API as a person makes one (the same
// calls as test/support/purchase-flow.ts). Kept in this one file: when the application asks
// for more (a field, a step), only this file changes.
import { randomUUID } from 'node:crypto';
import pg from 'pg';

const day = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A complete quote's answers (Phoenix, a 2019 Honda Civic, a clean record): every bench that needs a quote uses these. */
export const ANSWERS = {
  zip: '85004',
  vehicle: { year: 2019, make: 'Honda', model: 'Civic' },
  driver: { firstName: 'Ana', lastName: 'García', birthDate: '1988-04-12', gender: 'female', yearsLicensed: 18 },
  priorInsurance: 'over-3-years',
  incidents: [],
  milesPerMonth: 600,
};
const ADDRESS = { line1: '120 W Washington St', line2: 'Apt 4', city: 'Phoenix' };
// A VIN for the quote's 2019 Honda Civic (Honda's manufacturer code, 2019's year code, the
// check digit ISO 3779 calls for) and an Arizona licence: for an application that asks for them.
const VALUES = { A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9, S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9 };
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
function withCheckDigit(vin) {
  const sum = [...vin].reduce((total, c, i) => total + (/\d/.test(c) ? Number(c) : VALUES[c]) * WEIGHTS[i], 0);
  return vin.slice(0, 8) + (sum % 11 === 10 ? 'X' : String(sum % 11)) + vin.slice(9);
}
const IDENTIFICATION = { vehicles: [{ vin: withCheckDigit('2HGABCED0KP000001') }], drivers: [{ state: 'AZ', number: 'D12345678' }] };
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
    if (!res.ok) throw Object.assign(new Error(`${method} ${path}: ${res.status} ${text}`), { answer: text ? JSON.parse(text) : undefined });
    return text ? JSON.parse(text).payload : undefined;
  };
  return { call, cookie: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
}

/** Waits for the local mailbox to hold `count` mails to `email` (mail goes out through the job queue): the newest. */
export async function waitForMail(databaseUrl, email, count) {
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

/** A new customer signed in through their mailbox: the API client (with their cookie) and the email. Their sign-in link is mail 1. */
export async function signedInCustomer(base, databaseUrl) {
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  const client = browserLike(base);
  await client.call('POST', '/api/auth/magic-link', { email });
  const code = /#code=([A-Za-z0-9_-]{43})/.exec(await waitForMail(databaseUrl, email, 1))?.[1];
  await client.call('POST', '/api/auth/exchange-token', { code });
  return { email, client };
}

/** The customer's quote, applied for and its coverage confirmed, and a sandbox card token: all the purchase needs. */
export async function readyToBuy(client) {
  const { id } = await client.call('POST', '/api/quotes', ANSWERS);
  await client.call('PUT', `/api/quotes/${id}/application/address`, ADDRESS);
  await client.call('PUT', `/api/quotes/${id}/application/drivers`, { drivers: [] });
  await client.call('PUT', `/api/quotes/${id}/application/vehicles`, { vehicles: [] });
  await client.call('PUT', `/api/quotes/${id}/application/history`, { priorInsurance: 'over-3-years', currentCarrier: 'Acme Mutual' });
  const choosePackage = () => client.call('PUT', `/api/quotes/${id}/package`, { package: 'standard' });
  await choosePackage().catch(async (error) => {
    // An application that identifies the cars and drivers is not done without that section.
    if (error.answer?.error?.code !== 'OUT_OF_ORDER') throw error;
    await client.call('PUT', `/api/quotes/${id}/application/identification`, IDENTIFICATION);
    await choosePackage();
  });
  const confirm = () => client.call('POST', `/api/quotes/${id}/coverage/confirm`, {});
  await confirm().catch(async (error) => {
    // A state that asks to select or reject some coverages: each as the coverage stands.
    if (error.answer?.error?.code !== 'COVERAGE_CHOICE_REQUIRED') throw error;
    const { coverage } = await client.call('GET', `/api/quotes/${id}`);
    const choices = Object.fromEntries(
      error.answer.error.extra.coverages.map((key) => [key, coverage[key] === null || coverage[key] === undefined ? 'reject' : 'select']),
    );
    await client.call('PUT', `/api/quotes/${id}/coverage`, { ...coverage, choices });
    await confirm();
  });
  const { token } = await client.call('POST', '/api/payments/sandbox/tokens', CARD);
  return { quoteId: id, token };
}

/** The purchase itself, as the payment page makes it (POST /api/policies): its answer's payload. */
export function buy(client, { quoteId, token }) {
  return client.call(
    'POST',
    '/api/policies',
    { quoteId, paymentToken: token, startDate: day(1), agreeToTerms: true, signatureName: 'Ana García' },
    { 'idempotency-key': randomUUID() },
  );
}

/** Signs a new customer in and buys a policy: the session cookie and the email (to check a page is theirs). */
export async function customerWithPolicy(base, databaseUrl) {
  const { email, client } = await signedInCustomer(base, databaseUrl);
  await buy(client, await readyToBuy(client));
  const policies = await client.call('GET', '/api/policies');
  if (!JSON.stringify(policies).includes('MP-')) throw new Error(`${email} bought a policy but /api/policies does not list it`);
  // The policy's mail (its documents rendered as PDFs) is sent in the background: measure after it.
  await waitForMail(databaseUrl, email, 2);
  return { email, cookie: client.cookie() };
}
