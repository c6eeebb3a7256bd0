import fs from 'node:fs';
import path from 'node:path';

/** Every key path of a JSON object. */
function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}

const DIRS = [
  'src/modules/mail/locales',
  'src/modules/documents/locales',
  'src/modules/payment-history/locales',
  'src/modules/claims/locales',
  'src/modules/proof-links/locales',
  'src/modules/account-deletion/locales',
];

describe("The server's own texts", () => {
  it.each(DIRS)('in %s have the same keys, none empty, in English and Spanish', (dir) => {
    const read = (locale: string) => JSON.parse(fs.readFileSync(path.resolve(__dirname, '../..', dir, `${locale}.json`), 'utf8'));
    const [en, es] = [read('en-US'), read('es')];
    expect(keys(es).sort()).toEqual(keys(en).sort());
    for (const file of [en, es]) {
      const empty = keys(file).filter((k) => (k.split('.').reduce((o: Record<string, unknown>, p) => o[p] as Record<string, unknown>, file) as unknown) === '');
      expect(empty).toEqual([]);
    }
  });
});
