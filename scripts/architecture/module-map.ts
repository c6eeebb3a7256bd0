// The module map of docs/architecture.md, read from the code (issue 28): for each module under
// src/modules, its layer (scripts/architecture/layers.json), the tables its code writes, what its
// Nest modules export and import, and the other modules its code imports. Also the rules an
// import graph cannot show: one writer per table, no repository exported, every module in a layer.
//
//   npm run architecture            rewrites the table between the markers in docs/architecture.md
//   npm run architecture -- --check exits 1 when the doc's table differs from the code (also a unit test)
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import LAYERS from './layers.json';

export const MAP_START = '<!-- module-map:start (npm run architecture writes this table from the code; do not edit by hand) -->';
export const MAP_END = '<!-- module-map:end -->';

/**
 * Tables more than one module writes, known when the rule met them and left to a later change
 * (printed under the map in docs/architecture.md). The check fails on any other shared table, and
 * on these as soon as their writers change.
 */
export const KNOWN_SHARED_TABLES: Record<string, string[]> = {
  // billing's settings are still columns of policies (mile_budget, budget_alerted_period, billing_day,
  // billing_anchors, miles_reminded_period), written by billing's billing-settings.repository.ts: one
  // writer per column set until they move into a billing table (docs/decisions.md, issue 28).
  policies: ['billing', 'policy'],
};

export interface ModuleFacts {
  name: string;
  /** 1 = top; undefined when the module is in no layer. */
  layer: number | undefined;
  writes: string[];
  /** Tables of other modules its SQL reads (FROM, JOIN). */
  reads: string[];
  exports: string[];
  nestImports: string[];
  codeImports: string[];
}

const isCode = (file: string) => /\.tsx?$/.test(file) && !/\.(spec|e2e-spec|browser-spec)\.tsx?$/.test(file) && !file.endsWith('.d.ts');

function walk(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (isCode(full)) out.push(full);
  }
  return out.sort();
}

export function moduleNames(root: string): string[] {
  const dir = path.join(root, 'src/modules');
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

export function layerOf(module: string, layers: string[][] = LAYERS): number | undefined {
  const index = layers.findIndex((layer) => layer.includes(module));
  return index < 0 ? undefined : index + 1;
}

const parsed = new Map<string, { text: string; source: ts.SourceFile }>();

/** A file's syntax tree, kept while its text is the same (the map and the checks read each file several times). */
function parse(file: string, text = fs.readFileSync(file, 'utf8')): ts.SourceFile {
  const kept = parsed.get(file);
  if (kept?.text === text) return kept.source;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  parsed.set(file, { text, source });
  return source;
}

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The module (folder under src/modules) a file belongs to, or undefined. */
export function moduleOfFile(root: string, file: string): string | undefined {
  const rel = path.relative(path.join(root, 'src/modules'), file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? undefined : rel.split(path.sep)[0];
}

const SQL_WRITES = [
  /\bINSERT\s+INTO\s+"?([a-z_][a-z0-9_]*)"?/gi,
  /(?<!\bDO\s+)\bUPDATE\s+"?([a-z_][a-z0-9_]*)"?\s+SET\b/gi,
  /\bDELETE\s+FROM\s+"?([a-z_][a-z0-9_]*)"?/gi,
  /\bTRUNCATE\s+(?:TABLE\s+)?"?([a-z_][a-z0-9_]*)"?/gi,
];
const TYPEORM_WRITE = /\.(save|insert|update|delete|remove|upsert|softDelete|increment|decrement)\(/;

/** TypeORM entities declared in these files: class name -> table. */
export function entityTables(files: string[]): Map<string, string> {
  const tables = new Map<string, string>();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/@Entity\(\s*(?:\{\s*name:\s*)?'([a-z_][a-z0-9_]*)'[^)]*\)\s*export\s+class\s+(\w+)/g)) tables.set(match[2], match[1]);
  }
  return tables;
}

/** The text of every string and template literal in a file (SQL lives there). */
function literalsOf(file: string, text: string): string[] {
  const literals: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literals.push(node.text);
    else if (ts.isTemplateExpression(node)) literals.push([node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' '));
    ts.forEachChild(node, visit);
  };
  visit(parse(file, text));
  return literals;
}

/** The tables a file's SQL reads (FROM, JOIN). */
export function tableReads(file: string, text: string): string[] {
  const tables = new Set<string>();
  for (const literal of literalsOf(file, text))
    for (const match of literal.matchAll(/\b(?:FROM|JOIN)\s+"?([a-z_][a-z0-9_]*)"?/gi)) tables.add(match[1].toLowerCase());
  return [...tables].sort();
}

/**
 * The tables a file writes: SQL in its string and template literals (INSERT INTO, UPDATE … SET,
 * DELETE FROM, TRUNCATE; not `ON CONFLICT … DO UPDATE`, which writes the INSERT's table), and a
 * TypeORM repository of an entity the file holds and calls a write method on.
 */
export function tableWrites(file: string, text: string, entities: Map<string, string> = new Map()): string[] {
  const tables = new Set<string>();
  for (const literal of literalsOf(file, text)) {
    for (const pattern of SQL_WRITES) for (const match of literal.matchAll(pattern)) tables.add(match[1].toLowerCase());
  }
  for (const [entity, table] of entities) {
    const holds = new RegExp(`(Repository<${entity}>|getRepository\\(${entity}\\)|InjectRepository\\(${entity}\\))`).test(text);
    if (holds && TYPEORM_WRITE.test(text)) tables.add(table);
  }
  return [...tables].sort();
}

/** The names in `imports:` and `exports:` of each `@Module({...})` in a file, with the identifier each import names. */
export function nestMetadata(file: string, text: string): { imports: string[]; exports: string[] } {
  const imports: string[] = [];
  const exports: string[] = [];
  const names = (array: ts.Expression, into: string[]) => {
    if (!ts.isArrayLiteralExpression(array)) return;
    for (const element of array.elements) {
      let expression: ts.Expression = element;
      // forwardRef(() => X), X.forRoot(...), X.forFeature(...)
      if (ts.isCallExpression(expression) && ts.isIdentifier(expression.expression) && expression.expression.text === 'forwardRef') {
        const arrow = expression.arguments[0];
        if (arrow && ts.isArrowFunction(arrow) && ts.isExpression(arrow.body)) expression = arrow.body;
      }
      if (ts.isCallExpression(expression)) expression = expression.expression;
      while (ts.isPropertyAccessExpression(expression)) expression = expression.expression;
      if (ts.isIdentifier(expression)) into.push(expression.text);
    }
  };
  const visit = (node: ts.Node): void => {
    if (
      ts.isDecorator(node) &&
      ts.isCallExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'Module'
    ) {
      const options = node.expression.arguments[0];
      if (options && ts.isObjectLiteralExpression(options)) {
        for (const property of options.properties) {
          if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) continue;
          if (property.name.text === 'imports') names(property.initializer, imports);
          if (property.name.text === 'exports') names(property.initializer, exports);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file, text));
  return { imports, exports };
}

/** The files a file imports (relative imports only, type-only ones included), with the names each brings. */
function importsOf(file: string, source: ts.SourceFile): { target: string; names: string[] }[] {
  const found: { target: string; names: string[] }[] = [];
  for (const statement of source.statements) {
    if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) || !statement.moduleSpecifier) continue;
    if (!ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const target = resolveImport(file, statement.moduleSpecifier.text);
    if (!target) continue;
    const names: string[] = [];
    if (ts.isImportDeclaration(statement) && statement.importClause) {
      const clause = statement.importClause;
      if (clause.name) names.push(clause.name.text);
      if (clause.namedBindings && ts.isNamedImports(clause.namedBindings)) names.push(...clause.namedBindings.elements.map((element) => element.name.text));
    }
    found.push({ target, names });
  }
  return found;
}

export function moduleFacts(root: string, layers: string[][] = LAYERS): ModuleFacts[] {
  const modules = moduleNames(root);
  const filesOf = new Map(modules.map((module) => [module, walk(path.join(root, 'src/modules', module))]));
  const entities = entityTables([...filesOf.values()].flat());
  const owners = tableWriters(root);
  return modules.map((name) => {
    const writes = new Set<string>();
    const reads = new Set<string>();
    const exports: string[] = [];
    const nestImports = new Set<string>();
    const codeImports = new Set<string>();
    for (const file of filesOf.get(name)!) {
      const text = fs.readFileSync(file, 'utf8');
      const source = parse(file, text);
      for (const table of tableWrites(file, text, entities)) writes.add(table);
      for (const table of tableReads(file, text)) if (owners.has(table) && !owners.get(table)!.includes(name)) reads.add(table);
      const imported = importsOf(file, source);
      for (const { target } of imported) {
        const other = moduleOfFile(root, target);
        if (other && other !== name) codeImports.add(other);
      }
      if (file.endsWith('.module.ts')) {
        const nest = nestMetadata(file, text);
        exports.push(...nest.exports);
        for (const identifier of nest.imports) {
          const from = imported.find(({ names }) => names.includes(identifier));
          const other = from && moduleOfFile(root, from.target);
          if (other && other !== name) nestImports.add(other);
        }
      }
    }
    return {
      name,
      layer: layerOf(name, layers),
      writes: [...writes].sort(),
      reads: [...reads].sort(),
      exports: [...new Set(exports)].sort(),
      nestImports: [...nestImports].sort(),
      codeImports: [...codeImports].filter((module) => !nestImports.has(module)).sort(),
    };
  });
}

/** Who writes each table: table -> the places (modules, or folders outside the modules) whose code writes it. */
export function tableWriters(root: string): Map<string, string[]> {
  const moduleFiles = walk(path.join(root, 'src/modules'));
  const entities = entityTables(moduleFiles);
  const writers = new Map<string, Set<string>>();
  const otherFiles = [...walk(path.join(root, 'src')), ...walk(path.join(root, 'scripts'))].filter(
    (file) => !moduleOfFile(root, file) && !file.includes(`${path.sep}client${path.sep}`),
  );
  for (const file of [...moduleFiles, ...otherFiles]) {
    const owner = moduleOfFile(root, file) ?? path.relative(root, path.dirname(file)).split(path.sep).join('/');
    for (const table of tableWrites(file, fs.readFileSync(file, 'utf8'), entities)) {
      if (!writers.has(table)) writers.set(table, new Set());
      writers.get(table)!.add(owner);
    }
  }
  return new Map([...writers].sort(([a], [b]) => a.localeCompare(b)).map(([table, owners]) => [table, [...owners].sort()]));
}

/**
 * What breaks the module rules the import graph cannot show: a module in no layer, a table with
 * more than one writer or a writer outside the modules, a repository in a Nest module's `exports:`
 * or in a module's index.ts.
 */
export function architectureProblems(root: string, layers: string[][] = LAYERS): string[] {
  const problems: string[] = [];
  for (const module of moduleNames(root)) {
    if (layerOf(module, layers) === undefined) problems.push(`module ${module} is in no layer of scripts/architecture/layers.json`);
    const placed = layers.filter((layer) => layer.includes(module)).length;
    if (placed > 1) problems.push(`module ${module} is in ${placed} layers`);
    for (const file of walk(path.join(root, 'src/modules', module))) {
      const text = fs.readFileSync(file, 'utf8');
      const relative = path.relative(root, file).split(path.sep).join('/');
      if (file.endsWith('.module.ts')) {
        for (const name of nestMetadata(file, text).exports.filter((exported) => /Repository$/.test(exported))) {
          problems.push(`${relative} exports the repository ${name}: export a service instead`);
        }
      }
      if (path.basename(file) === 'index.ts') {
        for (const match of text.matchAll(/export\s+(?!type\b)\{([^}]*)\}/g)) {
          for (const name of match[1].split(',').map((part) =>
            part
              .trim()
              .split(/\s+as\s+/)
              .pop()!
              .replace(/^type\s+/, ''),
          )) {
            if (/Repository$/.test(name) && !new RegExp(`type\\s+${name}\\b`).test(match[1]))
              problems.push(`${relative} exports the repository ${name}: export a service instead`);
          }
        }
      }
    }
  }
  for (const [table, owners] of tableWriters(root)) {
    if (owners.length > 1 && KNOWN_SHARED_TABLES[table]?.join() !== owners.join())
      problems.push(`table ${table} has ${owners.length} writers (${owners.join(', ')}): one module owns a table, the others ask its service`);
    else if (!owners[0].startsWith('src/modules') && moduleNames(root).indexOf(owners[0]) < 0)
      problems.push(`table ${table} is written outside the modules (${owners[0]})`);
  }
  return problems;
}

const cell = (items: string[]) => (items.length ? items.map((item) => `\`${item}\``).join(', ') : '—');
const plain = (items: string[]) => (items.length ? items.join(', ') : '—');

/** The violations recorded in .dependency-cruiser-known-violations.json, one line each. */
export function knownViolations(root: string): string[] {
  const file = path.join(root, '.dependency-cruiser-known-violations.json');
  if (!fs.existsSync(file)) return [];
  const known = JSON.parse(fs.readFileSync(file, 'utf8')) as { from: string; to: string; rule: { name: string } }[];
  return [...new Set(known.map((violation) => `${violation.rule.name}: \`${violation.from}\` → \`${violation.to}\``))].sort();
}

/** The markdown table, one row per module, top layer first, and the known violations. */
export function renderMap(root: string): string {
  const facts = moduleFacts(root).sort((a, b) => (a.layer ?? 99) - (b.layer ?? 99) || a.name.localeCompare(b.name));
  const known = knownViolations(root);
  const rows = facts.map((module) =>
    [
      module.name,
      module.layer ?? '—',
      cell(module.writes),
      cell(module.reads),
      plain(module.exports),
      plain(module.nestImports),
      plain(module.codeImports),
    ].join(' | '),
  );
  return [
    "| module | layer | writes (tables) | reads (others' tables) | exports (Nest `exports:`) | imports (Nest `imports:`) | its code also imports |",
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row} |`),
    '',
    `Known violations (\`.dependency-cruiser-known-violations.json\`): ${known.length ? `${known.length}` : 'none'}.`,
    ...(known.length ? ['', ...known.map((line) => `- ${line}`)] : []),
    '',
    `Tables with more than one writer (known, \`KNOWN_SHARED_TABLES\` in \`scripts/architecture/module-map.ts\`): ${
      Object.entries(KNOWN_SHARED_TABLES)
        .map(([table, owners]) => `\`${table}\` (${owners.join(', ')})`)
        .join('; ') || 'none'
    }.`,
  ].join('\n');
}

export function docWithMap(doc: string, map: string): string {
  const start = doc.indexOf(MAP_START);
  const end = doc.indexOf(MAP_END);
  if (start < 0 || end < start) throw new Error(`docs/architecture.md has no ${MAP_START} … ${MAP_END} markers`);
  return `${doc.slice(0, start + MAP_START.length)}\n${map}\n${doc.slice(end)}`;
}

function main(): void {
  const root = path.resolve(__dirname, '../..');
  const docFile = path.join(root, 'docs/architecture.md');
  const doc = fs.readFileSync(docFile, 'utf8');
  const next = docWithMap(doc, renderMap(root));
  const problems = architectureProblems(root);
  if (process.argv.includes('--check')) {
    if (next !== doc) {
      process.stderr.write('docs/architecture.md: the module map differs from the code. Run npm run architecture.\n');
      process.exitCode = 1;
    }
  } else if (next !== doc) {
    fs.writeFileSync(docFile, next);
    process.stdout.write('docs/architecture.md: module map rewritten from the code.\n');
  }
  for (const problem of problems) process.stderr.write(`${problem}\n`);
  if (problems.length) process.exitCode = 1;
}

if (require.main === module) main();
