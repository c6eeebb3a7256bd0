import fs from 'node:fs';
import path from 'node:path';
import { LOCALES } from '../../src/shared/locale';

const CLIENT = path.resolve(__dirname, '../../src/client');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(at);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [at] : [];
  });
}

const texts = new Map<string, unknown>();
function resources(locale: string, namespace: string): unknown {
  const file = path.join(CLIENT, 'locales', locale, `${namespace}.json`);
  if (!texts.has(file)) texts.set(file, fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);
  return texts.get(file);
}

function lookUp(locale: string, namespace: string, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), resources(locale, namespace));
}

interface KeyUse {
  key: string;
  /** A template's literal start ("billing.sources" of `billing.sources.${source}`): a group of texts. */
  prefix: boolean;
  /** t(key, { returnObjects: true }): a list or group of texts. */
  objects: boolean;
  namespaces: string[];
}

/** Every key a file passes to t() as a literal (or the literal start of a template), with the namespaces it is looked up in. */
function keysUsed(file: string): KeyUse[] {
  const code = fs.readFileSync(file, 'utf8');
  const namespaces = [...code.matchAll(/useTranslation\(\s*(?:'([^']+)')?\s*\)/g)].map((match) => match[1] ?? 'common');
  if (namespaces.length === 0) return [];
  const calls = [
    ...[...code.matchAll(/\bt\(\s*'([^']+)'/g), ...code.matchAll(/i18nKey="([^"]+)"/g)].map((match) => ({ match, key: match[1], prefix: false })),
    ...[...code.matchAll(/\bt\(\s*`([^`$]+)\$\{/g)].map((match) => ({ match, key: match[1].replace(/\.$/, ''), prefix: true })),
  ];
  return calls.map(({ match, key, prefix }) => {
    // The options that follow the key, up to the call's end or a call nested in them: another namespace, or a group asked for.
    const rest = code.slice(match.index + match[0].length);
    const options = rest.slice(0, Math.min(...[rest.indexOf(')'), rest.search(/\bt\(/)].filter((at) => at >= 0)));
    const ns = /\bns:\s*'([^']+)'/.exec(options)?.[1];
    return { key, prefix, objects: /returnObjects:\s*true/.test(options), namespaces: ns ? [ns] : namespaces };
  });
}

describe('Translation keys in the code', () => {
  const files = sourceFiles(CLIENT);

  it.each(LOCALES)('all exist in %s', (locale) => {
    const missing = files.flatMap((file) =>
      keysUsed(file)
        .filter(({ key, prefix, objects, namespaces }) => {
          const [namespace, inner] = key.includes(':') ? key.split(':') : [undefined, key];
          const found = (namespace ? [namespace] : namespaces).map((ns) => lookUp(locale, ns, inner));
          return !found.some((value) => (prefix || objects ? typeof value === 'object' && value !== null : typeof value === 'string'));
        })
        .map(({ key }) => `${path.relative(CLIENT, file)}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('are found in the code (the scan itself works)', () => {
    expect(files.flatMap(keysUsed).length).toBeGreaterThan(300);
  });
});
