import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { Client, Pool } from 'pg';
import { PageDataRegistry } from '../../src/modules/ssr';

/** Marks the async work of a fresh page-data read (the loaders), so its statements are told from the request's others. */
const insideLoaders = new AsyncLocalStorage<true>();

/**
 * Records the SQL every fresh page-data read runs (`PageDataRegistry.load`, the loaders), in this
 * jest worker's app: pg's Client.query and the registry's load wrapped for the file's run, put back
 * in its afterAll. Statements of the request around it (its session read) are not recorded.
 *
 * A pool hands a released client to a waiting caller's callback in the releaser's async context,
 * so a session read queued behind a loader's query ran "inside the loaders" and was recorded
 * (a CI run's failure): Pool.connect's callback is bound to its caller's context here too.
 */
export function recordPageDataSql(): { statements: Set<string> } {
  const statements = new Set<string>();
  const query = Client.prototype.query;
  const read = PageDataRegistry.prototype.read;
  const connect = Pool.prototype.connect;
  beforeAll(() => {
    Pool.prototype.connect = function (this: Pool, ...args: unknown[]) {
      const [callback] = args;
      const bound = typeof callback === 'function' ? [AsyncResource.bind(callback as (...a: unknown[]) => unknown)] : args;
      return (connect as (...a: unknown[]) => unknown).apply(this, bound);
    } as typeof connect;
    Client.prototype.query = function (this: Client, ...args: unknown[]) {
      if (insideLoaders.getStore()) {
        const first = args[0] as string | { text?: string } | undefined;
        const text = typeof first === 'string' ? first : first?.text;
        if (text) statements.add(text);
      }
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    PageDataRegistry.prototype.read = function (this: PageDataRegistry, ...args: Parameters<typeof read>) {
      return insideLoaders.run(true, () => read.apply(this, args));
    };
  });
  afterAll(() => {
    Client.prototype.query = query;
    Pool.prototype.connect = connect;
    PageDataRegistry.prototype.read = read;
  });
  return { statements };
}

/**
 * The relations named after FROM or JOIN in `statements` (quoted or not, schema dropped), lower
 * case: a superset of the tables read (a CTE's or a function's name comes too), which the caller
 * narrows to the database's real tables.
 */
export function relationsNamed(statements: Iterable<string>): Set<string> {
  const names = new Set<string>();
  for (const sql of statements) {
    for (const match of sql.matchAll(/\b(?:from|join)\s+(?:only\s+)?((?:"[^"]+"|[a-z_][a-z0-9_$]*)(?:\s*\.\s*(?:"[^"]+"|[a-z_][a-z0-9_$]*))?)/gi)) {
      const last = match[1].split('.').pop()!.trim();
      names.add(last.startsWith('"') ? last.slice(1, -1) : last.toLowerCase());
    }
  }
  return names;
}
