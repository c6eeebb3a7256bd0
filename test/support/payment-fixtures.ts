import { Client } from 'pg';
import type { TestApp } from './test-app';

/** The sandbox's test cards (Stripe's numbers). */
export const TEST_CARDS = {
  approves: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  expiredCard: '4000 0000 0000 0069',
  processingError: '4000 0000 0000 0119',
} as const;

/** A card body for the sandbox's token endpoint, good for three more years unless told otherwise. */
export function sandboxCard(number: string = TEST_CARDS.approves, overrides: Record<string, unknown> = {}) {
  return { number, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', postalCode: '85004', ...overrides };
}

/** Rows of a query on the app's database (or any database named by its URL). */
export async function queryRows<T = Record<string, unknown>>(app: Pick<TestApp, 'databaseUrl'>, sql: string, params: unknown[] = []): Promise<T[]> {
  const db = new Client({ connectionString: app.databaseUrl });
  await db.connect();
  try {
    return (await db.query(sql, params)).rows as T[];
  } finally {
    await db.end();
  }
}

/** A customer account to charge, straight in the database. */
export async function createUser(app: TestApp, email: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(app, `INSERT INTO users (email) VALUES ($1) RETURNING id`, [email]);
  return row.id;
}
