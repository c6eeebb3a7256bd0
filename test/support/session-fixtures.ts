import { randomUUID } from 'node:crypto';
import { sign } from 'cookie-signature';
import { Client } from 'pg';
import { TEST_SESSION_SECRET } from './test-app';

/**
 * A real signed-in session row for a browser test, and the cookie that names it, without
 * going through the mailbox (the sign-in flow itself has its own tests).
 */
export async function createSignedInCookie(
  databaseUrl: string,
  user: { email: string; role?: 'agent' | 'admin'; producerId?: string },
): Promise<{ name: string; value: string }> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(
      `INSERT INTO users (email, role, producer_id) VALUES ($1, $2, $3)
       ON CONFLICT (lower(email)) DO UPDATE SET role = EXCLUDED.role RETURNING id`,
      [user.email, user.role ?? 'customer', user.producerId ?? null],
    );
    const sid = randomUUID();
    const now = Date.now();
    const expires = new Date(now + 30 * 60_000);
    const sess = {
      cookie: { originalMaxAge: 30 * 60_000, expires: expires.toISOString(), httpOnly: true, path: '/', sameSite: 'lax' },
      userId: rows[0].id,
      userEmail: user.email,
      sessionId: randomUUID(),
      signedInAt: now,
      lastSeenAt: now,
      ...(user.role ? { role: user.role } : {}),
      ...(user.producerId ? { producerId: user.producerId } : {}),
    };
    await db.query('INSERT INTO session (sid, sess, expire) VALUES ($1, $2, $3)', [sid, JSON.stringify(sess), expires]);
    return { name: 'meterly.sid', value: encodeURIComponent(`s:${sign(sid, TEST_SESSION_SECRET)}`) };
  } finally {
    await db.end();
  }
}
