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
export const nastyText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
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
    '9999-12-31',
    '1900-01-01',
    '0000-00-00',
    '+010000-01-01T00:00:00Z',
    '2026-02-30',
    'NaN',
    '-1',
    '1e309',
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: 1, max: 40_000 }).map((n) => 'x'.repeat(n)),
);

export const nastyNumber = fc.constantFrom(-1, 0, 1.5, -0, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER, 0.000001, 99999999999);

/** Any JSON value, from a scalar to a small tree, with our nasty texts and numbers in it. */
export const nastyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyText,
    nastyNumber,
    fc.constantFrom(null, true, false, {}, []),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(nastyText, fc.string({ maxLength: 10 })), tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** A value for a schema: mostly plausible, so the fuzz reaches past the type checks. */
function plausible(schema: SchemaObject | undefined, schemas: Record<string, SchemaObject>, depth: number): fc.Arbitrary<unknown> {
  const resolved = resolve(schema, schemas);
  if (!resolved || depth > 6) return nastyValue;
  if (resolved.enum?.length) return fc.constantFrom(...resolved.enum);
  if (resolved.example !== undefined) return fc.constant(resolved.example);
  if (resolved.properties || resolved.type === 'object') return objectFor(resolved, schemas, depth, false);
  switch (resolved.type) {
    case 'array':
      return fc.array(plausible(resolved.items, schemas, depth + 1), { maxLength: 3 });
    case 'string':
      return resolved.format === 'uuid' ? fc.uuid() : fc.string({ maxLength: 20 });
    case 'number':
    case 'integer':
      return fc.integer({ min: 0, max: 3000 });
    case 'boolean':
      return fc.boolean();
    default:
      return nastyValue;
  }
}

function resolve(schema: SchemaObject | undefined, schemas: Record<string, SchemaObject>): SchemaObject | undefined {
  if (!schema) return undefined;
  if (schema.$ref) return schemas[schema.$ref.split('/').pop()!];
  if (schema.allOf?.length === 1) return resolve(schema.allOf[0], schemas);
  return schema;
}

/** An object for the schema where some fields (or one nested deeper) are nasty instead. */
function objectFor(schema: SchemaObject, schemas: Record<string, SchemaObject>, depth: number, mutate: boolean): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(schema.properties ?? {});
  if (entries.length === 0) return fc.dictionary(fc.string({ maxLength: 10 }), nastyValue, { maxKeys: 3 });
  const fields = Object.fromEntries(
    entries.map(([name, property]) => [name, mutate ? fc.oneof({ weight: 2, arbitrary: plausible(property, schemas, depth + 1) }, { weight: 1, arbitrary: nastyValue }, { weight: 1, arbitrary: nastyFor(property, schemas, depth + 1) }) : plausible(property, schemas, depth + 1)]),
  );
  // A plausible body has every field (so it gets past "required"); a mutated one may miss some.
  return mutate ? fc.record(fields, { requiredKeys: [] }) : fc.record(fields);
}

/** A nasty value for a field, keeping its shape for objects (so nested DTOs are fuzzed too). */
function nastyFor(schema: SchemaObject | undefined, schemas: Record<string, SchemaObject>, depth: number): fc.Arbitrary<unknown> {
  const resolved = resolve(schema, schemas);
  if (resolved && depth <= 6 && (resolved.properties || resolved.type === 'object')) return objectFor(resolved, schemas, depth, true);
  if (resolved?.type === 'array' && depth <= 6) return fc.array(nastyFor(resolved.items, schemas, depth + 1), { maxLength: 3 });
  return nastyValue;
}

/** Every place in a JSON value a leaf sits, as paths of keys. */
function leafPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [path];
  const entries = Array.isArray(value) ? value.map((item, i) => [i, item] as const) : Object.entries(value);
  return entries.length ? entries.flatMap(([key, item]) => leafPaths(item, [...path, key])) : [path];
}

/** The value with one leaf (the `index`th, modulo their count) replaced. */
function withLeaf(value: unknown, index: number, replacement: unknown): unknown {
  const paths = leafPaths(value);
  const path = paths[index % paths.length];
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1]] = replacement;
  return copy;
}

/**
 * Bodies for an operation: mostly its DTO's plausible shape (examples, enums) with exactly one
 * field gone wrong — so the bad value reaches the service and the database, not only the first
 * type check — else several fields wrong, or anything at all (arrays where objects go, scalars).
 */
export function bodyFor(op: Operation, schemas: Record<string, SchemaObject>): fc.Arbitrary<unknown> {
  const schema = op.body ?? { type: 'object' };
  const oneWrong = fc.tuple(plausible(schema, schemas, 0), fc.nat(), nastyValue).map(([body, index, bad]) => withLeaf(body, index, bad));
  return fc.oneof({ weight: 4, arbitrary: oneWrong }, { weight: 2, arbitrary: nastyFor(schema, schemas, 0) }, { weight: 1, arbitrary: nastyValue });
}

/** A path or query parameter: a real id where we have one, else something nasty. */
export function paramFor(known: string[]): fc.Arbitrary<string> {
  const text = nastyText.filter((s) => s.length < 2000);
  return known.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: text }) : text;
}
