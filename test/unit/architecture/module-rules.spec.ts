// The module rules bite (issue 28): a planted violation of each one, in a small tree of its own
// under the system's temp folder, is reported by the rules `npm run lint` runs
// (.dependency-cruiser.cjs) or by the checks the import graph cannot make (module-map.ts).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { architectureProblems } from '../../../scripts/architecture/module-map';

const repo = path.resolve(__dirname, '../../..');

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** Writes the files (path -> content) under a fresh folder and returns it. */
function plant(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'module-rules-'));
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  }
  return root;
}

/** The violations dependency-cruiser reports on a tree, with the repository's own rules. */
function cruise(root: string): Violation[] {
  const bin = path.join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
  const json = execFileSync(process.execPath, [bin, 'src', '--config', path.join(repo, '.dependency-cruiser.cjs'), '--output-type', 'json'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  }).toString();
  return (JSON.parse(json) as { summary: { violations: Violation[] } }).summary.violations;
}

const tsconfig = JSON.stringify({ compilerOptions: { module: 'node16', moduleResolution: 'node16', strict: true } });
const service = (name: string) => `export class ${name} {}\n`;

describe('module rules: a planted violation of each fails the build', () => {
  let root: string;
  let violations: Violation[];

  beforeAll(() => {
    root = plant({
      'tsconfig.json': tsconfig,
      'src/modules/quote/index.ts': "export { QuoteService } from './quote.service';\n",
      'src/modules/quote/quote.service.ts': service('QuoteService'),
      'src/modules/quote/quote.repository.ts': service('QuoteRepository'),
      'src/modules/policy/index.ts': "export { PolicyService } from './policy.service';\n",
      'src/modules/policy/policy.service.ts': service('PolicyService'),
      'src/modules/payments/index.ts': "export { PaymentsService } from './payments.service';\n",
      'src/modules/payments/payments.service.ts': service('PaymentsService'),
      'src/common/clock.ts': 'export const now = () => new Date();\n',
      // Allowed: a module through another's entry, down the layers; a module's own repository.
      'src/modules/policy/fine.ts': "import { QuoteService } from '../quote';\nexport const fine = QuoteService;\n",
      'src/modules/quote/own.ts': "import { QuoteRepository } from './quote.repository';\nexport const own = QuoteRepository;\n",
      // Planted violations, one file each.
      'src/modules/policy/deep.ts': "import { QuoteService } from '../quote/quote.service';\nexport const deep = QuoteService;\n",
      'src/bootstrap/deep.ts': "import { QuoteService } from '../modules/quote/quote.service';\nexport const deep = QuoteService;\n",
      'src/common/uses-module.ts': "import { QuoteService } from '../modules/quote';\nexport const uses = QuoteService;\n",
      'src/shared/uses-node.ts': "import fs from 'node:fs';\nexport const read = fs.readFileSync;\n",
      'src/shared/uses-common.ts': "import { now } from '../common/clock';\nexport const when = now;\n",
      'src/modules/quote/up.ts': "import { PolicyService } from '../policy';\nexport const up = PolicyService;\n",
      'src/modules/agent/beside.ts': "import { PaymentsService } from '../payments';\nexport const beside = PaymentsService;\n",
      'src/modules/policy/repository.ts': "import type { QuoteRepository } from '../quote/quote.repository';\nexport type Borrowed = QuoteRepository;\n",
      'src/client/lib/cycle-a.ts': "import { b } from './cycle-b';\nexport const a = () => b;\n",
      'src/client/lib/cycle-b.ts': "import { a } from './cycle-a';\nexport const b = () => a;\n",
      // Allowed: a cycle closed only by a type-only import.
      'src/shared/typed-a.ts': "import type { B } from './typed-b';\nexport interface A { b?: B }\n",
      'src/shared/typed-b.ts': "import type { A } from './typed-a';\nexport const b = (a: A) => a;\nexport type B = ReturnType<typeof b>;\n",
    });
    violations = cruise(root);
  });

  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const reported = (rule: string, from: string) =>
    violations.filter((violation) => violation.rule.name === rule && violation.from === from).map((violation) => violation.to);

  it('a module imports another only through its index.ts', () => {
    expect(reported('module-entry', 'src/modules/policy/deep.ts')).toEqual(['src/modules/quote/quote.service.ts']);
    expect(reported('module-entry-outside', 'src/bootstrap/deep.ts')).toEqual(['src/modules/quote/quote.service.ts']);
  });

  it('src/common and src/shared import no module, and src/shared nothing but itself', () => {
    expect(reported('platform-no-module', 'src/common/uses-module.ts')).toEqual(['src/modules/quote/index.ts']);
    expect(reported('shared-only-shared', 'src/shared/uses-node.ts')).toEqual(['fs']);
    expect(reported('shared-only-shared', 'src/shared/uses-common.ts')).toEqual(['src/common/clock.ts']);
  });

  it('no import runs up the layers or across one', () => {
    expect(reported('layers', 'src/modules/quote/up.ts')).toEqual(['src/modules/policy/index.ts']);
    expect(reported('layers', 'src/modules/agent/beside.ts')).toEqual(['src/modules/payments/index.ts']);
  });

  it('no repository leaves its module, not even as a type', () => {
    expect(reported('repository-stays-home', 'src/modules/policy/repository.ts')).toEqual(['src/modules/quote/quote.repository.ts']);
  });

  it('no import cycle, in the server or the browser code, unless only types close it', () => {
    expect(reported('no-circular', 'src/client/lib/cycle-a.ts')).toEqual(['src/client/lib/cycle-b.ts']);
  });

  it('reports nothing else: the allowed imports pass', () => {
    const allowed = [
      'src/modules/policy/fine.ts',
      'src/modules/quote/own.ts',
      'src/modules/quote/index.ts',
      'src/modules/policy/index.ts',
      'src/shared/typed-a.ts',
      'src/shared/typed-b.ts',
    ];
    expect(violations.filter((violation) => allowed.includes(violation.from))).toEqual([]);
  });
});

describe('module rules the import graph cannot show: a planted violation of each is reported', () => {
  const layers = [['policy'], ['quote']];
  const module = (name: string, options: { exports?: string; index?: string; sql?: string } = {}) => ({
    [`src/modules/${name}/${name}.module.ts`]: `import { Module } from '@nestjs/common';\n@Module({ providers: [], exports: [${options.exports ?? ''}] })\nexport class M {}\n`,
    [`src/modules/${name}/index.ts`]: options.index ?? 'export {};\n',
    [`src/modules/${name}/${name}.repository.ts`]: `export class R {\n  run(q: (sql: string) => void): void {\n    q(\`${options.sql ?? 'SELECT 1'}\`);\n  }\n}\n`,
  });

  const problemsOf = (files: Record<string, string>) => {
    const root = plant(files);
    try {
      return architectureProblems(root, layers);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  };

  it('passes a tree that keeps them', () => {
    expect(
      problemsOf({ ...module('quote', { sql: 'INSERT INTO quotes (id) VALUES (1)' }), ...module('policy', { sql: 'UPDATE policies SET x = 1' }) }),
    ).toEqual([]);
  });

  it('one writer per table: a second module writing a table is reported', () => {
    const problems = problemsOf({ ...module('quote', { sql: 'INSERT INTO quotes (id) VALUES (1)' }), ...module('policy', { sql: 'UPDATE quotes SET x = 1' }) });
    expect(problems).toEqual(['table quotes has 2 writers (policy, quote): one module owns a table, the others ask its service']);
  });

  it('a write outside the modules is reported', () => {
    const problems = problemsOf({ ...module('quote'), ...module('policy'), 'src/database/cleanup.ts': "export const sql = 'DELETE FROM quotes';\n" });
    expect(problems).toEqual(['table quotes is written outside the modules (src/database)']);
  });

  it("no module's exports: and no index.ts hold a repository", () => {
    const problems = problemsOf({
      ...module('quote', { exports: 'QuoteRepository' }),
      ...module('policy', { index: "export { PolicyRepository } from './policy.repository';\n" }),
    });
    expect(problems).toEqual([
      'src/modules/policy/index.ts exports the repository PolicyRepository: export a service instead',
      'src/modules/quote/quote.module.ts exports the repository QuoteRepository: export a service instead',
    ]);
  });

  it('every module is in a layer', () => {
    expect(problemsOf({ ...module('quote'), ...module('policy'), ...module('claims') })).toEqual([
      'module claims is in no layer of scripts/architecture/layers.json',
    ]);
  });
});
