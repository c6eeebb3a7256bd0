// docs/architecture.md's module table is exactly what scripts/architecture/module-map.ts reads
// from the code (issue 28): change a module, run `npm run architecture`, commit the doc with it.
import fs from 'node:fs';
import path from 'node:path';
import { docWithMap, renderMap } from '../../../scripts/architecture/module-map';

const repo = path.resolve(__dirname, '../../..');

describe('docs/architecture.md', () => {
  it("docs/architecture.md's module table is the code's (run npm run architecture after changing a module)", () => {
    const doc = fs.readFileSync(path.join(repo, 'docs/architecture.md'), 'utf8');
    expect(docWithMap(doc, renderMap(repo))).toBe(doc);
  });
});
