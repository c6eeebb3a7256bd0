// One writer per table, checked over the SQL (issue 28), and the module rules the import graph
// cannot show (scripts/architecture/module-map.ts), on the code as it is.
import path from 'node:path';
import { architectureProblems, KNOWN_SHARED_TABLES, moduleNames, tableWriters } from '../../../scripts/architecture/module-map';

const repo = path.resolve(__dirname, '../../..');

describe('the module map, read from the code', () => {
  it('finds the writes (the scan sees SQL and TypeORM writes)', () => {
    const writers = tableWriters(repo);
    expect(writers.size).toBeGreaterThan(20);
    expect(writers.get('users')).toEqual(['users']);
    expect(writers.get('session')).toEqual(['session']);
  });

  it('one writer per table: every table written in src/ and scripts/ has exactly one module writing it (but the known shared ones)', () => {
    const modules = moduleNames(repo);
    const shared = [...tableWriters(repo)].filter(
      ([table, owners]) => !(owners.length === 1 && modules.includes(owners[0])) && KNOWN_SHARED_TABLES[table]?.join() !== owners.join(),
    );
    expect(shared).toEqual([]);
  });

  it('every module is in one layer, and no repository is exported (Nest exports: or index.ts)', () => {
    expect(architectureProblems(repo)).toEqual([]);
  });
});
