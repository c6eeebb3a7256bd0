import { Client } from 'pg';
import { luhnValid } from '../../src/shared/payment/card-number';

// Digit runs, and digits grouped as printed on a card (4-4-4-4, 4-6-5) with spaces or dashes.
// Grouped digits must stand on their own: a UUID's all-digit groups ("…-0025-7195-4310-8597…") are not a card.
const CANDIDATES = [
  /(?<!\d)\d{13,19}(?!\d)/g,
  /(?<![\dA-Za-z-])(?:\d{4}[ -]){2,4}\d{1,4}(?![\dA-Za-z-])/g,
  /(?<![\dA-Za-z-])\d{4}[ -]\d{6}[ -]\d{5}(?![\dA-Za-z-])/g,
];

// Epoch milliseconds from 2020 to 2090 (log times, session stamps). No card number has 13
// digits and starts like these: 13-digit cards are Visa, and begin with a 4 (4.0e12 and up).
const EPOCH_MS_FROM = 1_577_836_800_000;
const EPOCH_MS_TO = 3_786_912_000_000;

function isEpochMilliseconds(digits: string): boolean {
  return digits.length === 13 && Number(digits) >= EPOCH_MS_FROM && Number(digits) < EPOCH_MS_TO;
}

// A hex digest (a SHA-256 is 64 hex characters) is a hash's output, not something typed: its
// digit runs are chance (1 in 10 a 17-digit run is Luhn-valid), so it is passed over. A run of
// digits alone, however long, is still read.
const HEX_DIGEST = /(?<![0-9A-Za-z])(?=[0-9a-f]*[a-f])[0-9a-f]{32,}(?![0-9A-Za-z])/gi;

/** Every Luhn-valid run of 13–19 digits in the text that could be a card number. */
export function cardNumbersIn(text: string): string[] {
  const found = new Set<string>();
  const readable = text.replace(HEX_DIGEST, (digest) => '.'.repeat(digest.length));
  for (const pattern of CANDIDATES) {
    for (const match of readable.matchAll(pattern)) {
      const digits = match[0].replace(/[ -]/g, '');
      if (digits.length >= 13 && digits.length <= 19 && luhnValid(digits) && !isEpochMilliseconds(digits)) found.add(match[0]);
    }
  }
  return [...found];
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Buffer.isBuffer(value)) return value.toString('latin1');
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

export interface DatabaseFinding {
  table: string;
  column: string;
  match: string;
}

/** Reads every row of every table in every schema of the database and lists what looks like a card. */
export async function scanDatabaseForCardNumbers(databaseUrl: string): Promise<{ tablesScanned: string[]; findings: DatabaseFinding[]; text: string }> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows: tables } = await db.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
    );
    const findings: DatabaseFinding[] = [];
    const everything: string[] = [];
    for (const { schema, name } of tables) {
      const { rows } = await db.query(`SELECT * FROM "${schema}"."${name}"`);
      for (const row of rows) {
        for (const [column, value] of Object.entries(row)) {
          const text = textOf(value);
          everything.push(text);
          for (const match of cardNumbersIn(text)) findings.push({ table: `${schema}.${name}`, column, match });
        }
      }
    }
    return { tablesScanned: tables.map((t) => `${t.schema}.${t.name}`), findings, text: everything.join('\n') };
  } finally {
    await db.end();
  }
}
