import type { Locator } from 'playwright-core';

/**
 * The accessible names of the elements of `role` inside `scope`, as a screen reader's list of
 * them reads them out of context (from Chromium's accessibility tree, via Playwright's ARIA
 * snapshot: YAML, where an entry holding ": " is single-quoted, its quotes doubled).
 */
export async function accessibleNames(scope: Locator, role: string): Promise<string[]> {
  const snapshot = await scope.ariaSnapshot();
  const entry = new RegExp(`^\\s*- (?:'${role} ("(?:[^']|'')*")(?: \\[[^\\]]*\\])*'|${role} ("(?:[^"\\\\]|\\\\.)*"))`, 'gm');
  return [...snapshot.matchAll(entry)].map(([, singleQuoted, plain]) => JSON.parse(plain ?? singleQuoted.replace(/''/g, "'")) as string);
}
