import fc from 'fast-check';

/** The parts of the OpenAPI document the fuzzer reads. */
export interface SchemaObject {
  type?: string;
  $ref?: string;
  properties?: Record<string, SchemaObject>;
  items?: SchemaObject;
  enum?: unknown[];
  allOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  format?: string;
  example?: unknown;
}
export interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  body?: SchemaObject;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: { content?: Record<string, { schema?: SchemaObject }> } }>>;
  components?: { schemas?: Record<string, SchemaObject> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation the app's own OpenAPI document lists (so a new endpoint is fuzzed without a line here). */
export function operationsOf(doc: OpenApiDocument): { operations: Operation[]; schemas: Record<string, SchemaObject> } {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters = op.parameters ?? [];
      operations.push({
        method,
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return { operations, schemas: doc.components?.schemas ?? {} };
}

/** Text a form should refuse or store as it is, never answer 500 to. */
const nastyText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    '\u0007\u001b[31m',
    '😀🚗💨'.repeat(20),
    'مرحبا بالعالم',
    'שלום עולם',
    '\u202eevil\u202c',
    'e\u0301\u0301\u0301',
    '\ud800',
    '\ufeff',
    ' ',
    '',
    "'; DROP TABLE users; --",
    '%00',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    'NaN',
    '-1',
    '1e309',
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

/** Days and instants that are far away, not on the calendar, or not dates at all. */
const nastyDate = fc.constantFrom(
  '1900-01-01',
  '0001-01-01',
  '0000-01-01',
  '9999-12-31',
  '10000-01-01',
  '+275760-09-13',
  '-000001-01-01',
  '2026-02-30',
  '2026-13-01',
  '2026-00-10',
  '20261125',
  '1900-01-01T00:00:00Z',
  '9999-12-31T23:59:59+14:00',
  '+010000-01-01T00:00:00Z',
  '2026-11-25T25:61:61Z',
  '1e21',
);

const nastyNumber = fc.oneof(
  fc.constantFrom(-1, -0, 0.5, 1.005, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, -(2 ** 63), 1e308, -1e308, 5e-324, 99_999_999_999),
  fc.double({ noNaN: true }),
  fc.integer(),
);

/**
 * Arrays (or objects) nested `depth` deep: stack and CPU for a validator that walks them. Too
 * deep for JSON.stringify here, so a marker stands in the value and `toJson` writes the tree.
 */
function nested(depth: number, object: boolean): string {
  return `__fuzz_deep_${object ? 'o' : 'a'}_${depth}__`;
}

/** The request body as JSON, deep-nesting markers written out. */
export function toJson(body: unknown): string {
  return (JSON.stringify(body) ?? '{}').replace(/"__fuzz_deep_([oa])_(\d+)__"/g, (_m, kind: string, depth: string) => {
    const n = Number(depth);
    return kind === 'o' ? '{"a":'.repeat(n) + '1' + '}'.repeat(n) : '['.repeat(n) + ']'.repeat(n);
  });
}

/** Wrong types, deep trees, huge values: what a field of any type should refuse. */
const wrongShape: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, '', [], {}, ['a'], { $ne: null }, JSON.parse('{"__proto__":{"admin":true}}')),
  fc.integer({ min: 10, max: 20_000 }).chain((depth) => fc.boolean().map((object) => nested(depth, object))),
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
  fc.array(fc.constant('a'), { minLength: 300, maxLength: 2000 }),
);

/** The valid text with something inside it: a NUL or another control, right-to-left marks, emoji. */
function insideText(valid: string): fc.Arbitrary<string> {
  const insert = fc.constantFrom('\u0000', '\u0001', '\u0008', '\u001b', '\u007f', '\u0085', '\u2028', '\u202e', '\ud83d\ude97', '\u0301', '\ufeff', '\ud800');
  return fc.tuple(fc.nat({ max: valid.length }), insert).map(([at, text]) => valid.slice(0, at) + text + valid.slice(at));
}

/** What one field whose valid value is `valid` gets instead: mostly a bad value of the same kind. */
export function mutationOf(valid: unknown): fc.Arbitrary<unknown> {
  const asText = typeof valid === 'string' ? valid : (JSON.stringify(valid) ?? '');
  const sameKind =
    typeof valid === 'string'
      ? fc.oneof(
          insideText(valid),
          nastyText,
          nastyDate,
          fc.integer({ min: 256, max: 100_000 }).map((n) => valid.padEnd(n, valid || 'x')),
        )
      : typeof valid === 'number'
        ? fc.oneof(nastyNumber, fc.constantFrom(String(valid), `${valid}\u0000`))
        : typeof valid === 'boolean'
          ? fc.constantFrom('true', 1, 0, 'yes')
          : fc.oneof(nastyText, nastyNumber, fc.constant(asText));
  return fc.oneof({ weight: 3, arbitrary: sameKind }, { weight: 1, arbitrary: wrongShape }, { weight: 1, arbitrary: fc.constant(undefined) });
}

/** What a query or path value (always text on the wire) gets instead. */
export function textMutationOf(valid: string): fc.Arbitrary<string> {
  return fc.oneof(
    insideText(valid),
    nastyText,
    nastyDate,
    fc.integer({ min: 256, max: 20_000 }).map((n) => valid.padEnd(n, valid || 'x')),
  );
}

/** Far and backwards ranges for operations that take from and to. */
export const nastyRange = fc.tuple(nastyDate, nastyDate).map(([from, to]) => ({ from, to }));

/** The mutations every field gets whatever the sample: a NUL inside valid text, and a deep tree. */
export function sureMutationsOf(valid: unknown): unknown[] {
  if (typeof valid === 'string') return [`${valid.slice(0, 1)}\u0000${valid.slice(1)}`, nested(5_000, false)];
  return [nested(5_000, true)];
}

export type Key = string | number;

/** Every place in a JSON value a field sits (objects' keys and arrays' items, then deeper), as key paths. */
export function fieldPaths(value: unknown, path: Key[] = []): Key[][] {
  if (value === null || typeof value !== 'object') return [];
  const entries: [Key, unknown][] = Array.isArray(value) ? value.map((item, i) => [i, item]) : Object.entries(value);
  return entries.flatMap(([key, item]) => [[...path, key], ...fieldPaths(item, [...path, key])]);
}

export function valueAt(value: unknown, path: Key[]): unknown {
  return path.reduce<unknown>((at, key) => (at as Record<Key, unknown>)[key], value);
}

/** A copy of `value` with the field at `path` replaced (or removed, for undefined). */
export function withValueAt(value: unknown, path: Key[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<Key, unknown>;
  const parent = valueAt(copy, path.slice(0, -1)) as Record<Key, unknown>;
  const key = path[path.length - 1];
  if (replacement === undefined && !Array.isArray(parent)) delete parent[key];
  else parent[key] = replacement;
  return copy;
}
