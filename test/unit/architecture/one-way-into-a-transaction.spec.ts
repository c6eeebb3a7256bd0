// One way into a transaction (issue 28): a unit of work opens TransactionHost.withTransaction and
// every repository reads txHost.tx, so nothing hands an EntityManager around (a forgotten one ran
// outside the transaction) and no service is built by hand over a DataSource.
import fs from 'node:fs';
import path from 'node:path';

const repo = path.resolve(__dirname, '../../..');

/** The sandbox gateway's books stand for the card network: they keep a connection of their own, never ours. */
const OWN_CONNECTION = ['src/modules/payments/sandbox/sandbox.repository.ts'];

/**
 * The only code in the modules given the DataSource itself; everything else reads txHost.tx, so
 * whatever it is called inside joins the open transaction. Each keeps it for a reason.
 */
const GIVEN_THE_DATASOURCE: Record<string, string> = {
  'src/modules/health/health.service.ts': 'the readiness probe asks the database itself whether it answers: a probe joins no transaction',
  'src/modules/payments/sandbox/sandbox.repository.ts': 'the sandbox gateway stands for the card network, whose books never roll back with ours',
};

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

/** The parameter lists of a source file's constructors (parentheses matched, so a parameter may span lines). */
function constructorParameters(text: string): string[] {
  const lists: string[] = [];
  for (const match of text.matchAll(/\bconstructor\s*\(/g)) {
    let depth = 1;
    let end = match.index + match[0].length;
    while (end < text.length && depth > 0) {
      if (text[end] === '(') depth++;
      else if (text[end] === ')') depth--;
      end++;
    }
    lists.push(text.slice(match.index + match[0].length, end - 1));
  }
  return lists;
}

/** How a source file is handed the DataSource by Nest: a constructor parameter, or a provider's factory. */
function givenTheDataSource(text: string): string[] {
  const found: string[] = [];
  if (constructorParameters(text).some((list) => /:\s*DataSource\b|@InjectDataSource\(|@Inject\(\s*DataSource\s*\)/.test(list))) {
    found.push('a DataSource injected into a constructor');
  }
  if (/\binject:\s*\[[^\]]*\bDataSource\b/.test(text) || /\.get\(\s*DataSource\b/.test(text))
    found.push('a DataSource given to a factory or taken from the container');
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

  it('finds a DataSource handed to a planted file', () => {
    expect(givenTheDataSource(`export class FlagsRepository {\n  constructor(private readonly dataSource: DataSource) {}\n}`)).toEqual([
      'a DataSource injected into a constructor',
    ]);
    expect(givenTheDataSource(`constructor(\n    private readonly clock: Clock,\n    @InjectDataSource() private readonly db: DataSource,\n  ) {}`)).toEqual([
      'a DataSource injected into a constructor',
    ]);
    expect(givenTheDataSource(`{ provide: FLAGS, inject: [appConfig.KEY, DataSource], useFactory: (c, ds) => new Flags(ds) }`)).toEqual([
      'a DataSource given to a factory or taken from the container',
    ]);
    expect(givenTheDataSource(`constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}`)).toEqual([]);
    expect(givenTheDataSource(`new TransactionalAdapterTypeOrm({ dataSourceToken: DataSource })`)).toEqual([]);
  });

  it('no module is given the DataSource but the two named (a probe, the card network): every repository reads txHost.tx', () => {
    const offenders = sources('src/modules')
      .filter((file) => !(file in GIVEN_THE_DATASOURCE))
      .map((file) => [file, givenTheDataSource(fs.readFileSync(path.join(repo, file), 'utf8'))] as const)
      .filter(([, found]) => found.length > 0);
    expect(offenders).toEqual([]);
    // The exceptions are still there and still given it: a stale entry would hide nothing, so it goes.
    for (const file of Object.keys(GIVEN_THE_DATASOURCE))
      expect([file, givenTheDataSource(fs.readFileSync(path.join(repo, file), 'utf8'))]).toEqual([file, ['a DataSource injected into a constructor']]);
  });
});
