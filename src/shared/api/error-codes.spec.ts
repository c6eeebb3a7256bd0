import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_ERROR_CODES } from './error-codes';

const SRC = path.resolve(__dirname, '../..');

/**
 * Every error `code` the server's source can answer with, read from the source itself (for the
 * spec that holds API_ERROR_CODES to it): the enums of the coded-exception tables, the codes
 * given to DomainException directly or through `super(...)`, exported code constants of
 * exception files, and the fallback tables (by HTTP status, by body-parser failure).
 */
function scanServerErrorCodes(srcDir: string): Map<string, string> {
  const found = new Map<string, string>();
  const add = (code: string, file: string) => found.has(code) || found.set(code, path.relative(srcDir, file));
  for (const file of serverFiles(srcDir)) {
    const text = fs.readFileSync(file, 'utf8');
    if (text.includes('codedException(')) {
      for (const [, body] of text.matchAll(/enum \w+ErrorCode \{([^}]*)\}/g)) for (const [, code] of body.matchAll(/= '([A-Z][A-Z0-9_]*)'/g)) add(code, file);
    }
    for (const [, code] of text.matchAll(/(?:new DomainException|super)\(\s*'([A-Z][A-Z0-9_]*)'/g)) add(code, file);
    for (const [, code] of text.matchAll(/apiError\([^;]*?'([A-Z][A-Z0-9_]*)'\)/g)) add(code, file);
    if (file.endsWith('.exception.ts')) for (const [, code] of text.matchAll(/export const [A-Z_]+ = '([A-Z][A-Z0-9_]*)'/g)) add(code, file);
    // CODE_BY_STATUS (`401: 'UNAUTHORIZED'`), BODY_ERRORS (`[413, 'PAYLOAD_TOO_LARGE', ...]`) and a fallback (`?? 'ERROR'`).
    if (/CODE_BY_STATUS|BODY_ERRORS/.test(text)) {
      for (const [, code] of text.matchAll(/\b[1-5]\d\d:\s*'([A-Z][A-Z0-9_]*)'/g)) add(code, file);
      for (const [, code] of text.matchAll(/\[[1-5]\d\d,\s*'([A-Z][A-Z0-9_]*)'/g)) add(code, file);
      for (const [, code] of text.matchAll(/\?\? '([A-Z][A-Z0-9_]*)'/g)) add(code, file);
    }
  }
  return found;
}

/** The server's TypeScript: everything under src but the browser's code and the specs. */
function serverFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'client' ? [] : serverFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('API_ERROR_CODES', () => {
  const thrown = scanServerErrorCodes(SRC);

  it('lists every code the server can answer with', () => {
    const missing = [...thrown].filter(([code]) => !(API_ERROR_CODES as readonly string[]).includes(code)).map(([code, file]) => `${code} (${file})`);
    expect(missing).toEqual([]);
  });

  it('lists no code the server never answers with', () => {
    expect(API_ERROR_CODES.filter((code) => !thrown.has(code))).toEqual([]);
  });

  it('lists each code once', () => {
    expect(new Set(API_ERROR_CODES).size).toBe(API_ERROR_CODES.length);
  });
});

describe(scanServerErrorCodes.name, () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codes-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };

  it('finds the codes of a coded-exception table, direct throws and fallback tables, and skips the browser and specs', () => {
    write('modules/x/x.exception.ts', "export enum XErrorCode { A = 'X_A', B = 'X_B' }\nexport class XException extends codedException(MESSAGES) {}\nexport const X_C = 'X_C';");
    write('modules/x/x.service.ts', "throw new DomainException('X_D', 'No.', 400);\nsuper('X_E', message);");
    write('common/filter.ts', "const CODE_BY_STATUS = { 404: 'X_F' };\nconst BODY_ERRORS = { a: [413, 'X_G', 'Too big.'] };\napiError('Gone.', 'X_H')");
    write('modules/x/rating-error.ts', "export enum RatingErrorCode { Z = 'NOT_SENT' }");
    write('client/x-api.ts', "throw new DomainException('CLIENT_ONLY', 'No.');");
    write('modules/x/x.service.spec.ts', "throw new DomainException('SPEC_ONLY', 'No.');");
    expect([...scanServerErrorCodes(dir).keys()].sort()).toEqual(['X_A', 'X_B', 'X_C', 'X_D', 'X_E', 'X_F', 'X_G', 'X_H']);
  });
});
