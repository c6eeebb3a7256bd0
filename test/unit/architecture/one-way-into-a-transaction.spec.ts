// One way into a transaction (issue 28): a unit of work opens TransactionHost.withTransaction and
// every repository reads txHost.tx, so nothing hands an EntityManager around (a forgotten one ran
// outside the transaction) and no service is built by hand over a DataSource.
import fs from 'node:fs';
import path from 'node:path';

const repo = path.resolve(__dirname, '../../..');

/** The sandbox gateway's books stand for the card network: they keep a connection of their own, never ours. */
const OWN_CONNECTION = ['src/modules/payments/sandbox/sandbox.repository.ts'];

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(repo, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** What in a source file opens or passes a transaction another way. */
function otherWaysIn(text: string): string[] {
  const found: string[] = [];
  if (/\bEntityManager\b/.test(text)) found.push('an EntityManager passed or named');
  if (/\.transaction\(/.test(text)) found.push('a transaction opened on the DataSource or a manager');
  if (/static over\(/.test(text)) found.push('a service built by hand over a DataSource (.over)');
  return found;
}

describe('one way into a transaction', () => {
  it('finds each other way in a planted file', () => {
    expect(otherWaysIn(`async save(row: Row, manager?: EntityManager) { await (manager ?? this.dataSource).query('…') }`)).toEqual([
      'an EntityManager passed or named',
    ]);
    expect(otherWaysIn(`return this.dataSource.transaction(async (m) => m.query('…'));`)).toEqual(['a transaction opened on the DataSource or a manager']);
    expect(otherWaysIn(`static over(dataSource: DataSource): UsersService { return new UsersService(…); }`)).toEqual([
      'a service built by hand over a DataSource (.over)',
    ]);
    expect(otherWaysIn(`return this.txHost.withTransaction(async () => this.txHost.tx.query('…'));`)).toEqual([]);
  });

  it('the modules and the scripts use none: TransactionHost.withTransaction and txHost.tx only', () => {
    const offenders = [...sources('src/modules'), ...sources('scripts')]
      .filter((file) => !OWN_CONNECTION.includes(file))
      .map((file) => [file, otherWaysIn(fs.readFileSync(path.join(repo, file), 'utf8'))] as const)
      .filter(([, found]) => found.length > 0);
    expect(offenders).toEqual([]);
  });
});
