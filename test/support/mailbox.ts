import { Client } from 'pg';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Waits for the local mailbox (local mode) of a test app's database to hold a message for
 * `to` that was not there before; mail goes out through the job queue, a moment later.
 */
export async function waitForMail(databaseUrl: string, to: string, options: { seen?: number; timeoutMs?: number } = {}): Promise<ReceivedMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    while (Date.now() < deadline) {
      const { rows } = await client.query(
        `SELECT to_address AS "to", subject, text_body AS text, html_body AS html FROM local_mailbox
          WHERE lower(to_address) = lower($1) ORDER BY sent_at`,
        [to],
      );
      if (rows.length > (options.seen ?? 0)) return rows[rows.length - 1];
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
  throw new Error(`No mail for ${to} within the time allowed.`);
}

export async function mailCount(databaseUrl: string, to: string): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT count(*)::int AS n FROM local_mailbox WHERE lower(to_address) = lower($1)`, [to]);
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/** The sign-in code in a mail's link (it travels in the URL fragment). */
export function codeFromMail(mail: { text: string }): string {
  const match = /#code=([A-Za-z0-9_-]{43})/.exec(mail.text);
  if (!match) throw new Error(`No sign-in link in:\n${mail.text}`);
  return match[1];
}

export function linkFromMail(mail: { text: string }): string {
  const match = /(https?:\/\/\S+#code=[A-Za-z0-9_-]{43}\S*)/.exec(mail.text);
  if (!match) throw new Error(`No sign-in link in:\n${mail.text}`);
  return match[1];
}

/** The mail to `to` whose subject matches, once the queue has sent it (15 seconds at most). */
export async function waitForMailLike(databaseUrl: string, to: string, subject: RegExp): Promise<ReceivedMail> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
      const { rows } = await client.query<ReceivedMail>(
        `SELECT to_address AS "to", subject, text_body AS text, html_body AS html FROM local_mailbox WHERE lower(to_address) = lower($1)`,
        [to],
      );
      const found = rows.find((mail) => subject.test(mail.subject));
      if (found) return found;
    }
  } finally {
    await client.end();
  }
  throw new Error(`No mail "${subject}" for ${to} within the time allowed.`);
}

/** Waits for the queued mail to be sent (20 seconds at most), so the database is not closed under a job mid-send. */
export async function drainMail(app: { databaseUrl: string }): Promise<void> {
  const client = new Client({ connectionString: app.databaseUrl });
  await client.connect();
  try {
    for (let tries = 0; tries < 200; tries++) {
      const { rows } = await client.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name IN ('mail.send', 'mail.render') AND state < 'completed'`);
      if (rows[0].n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
}
