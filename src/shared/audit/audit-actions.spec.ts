import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_ACTION_FAMILIES, AUDIT_ACTIONS, auditActionKey, auditActionName } from './audit-actions';

const ROOT = join(__dirname, '..', '..', '..');
const texts = (locale: string) =>
  (JSON.parse(readFileSync(join(ROOT, 'src/client/locales', locale, 'admin.json'), 'utf8')) as { auditActions?: Record<string, string> }).auditActions ?? {};

function serverFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return serverFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** Every action the server names in its source: @AuditOnBehalf('…') and audit.record(…, '…'), the literal part of a template. */
function actionsInSource(): string[] {
  const found = new Set<string>();
  const pattern = /(?:AuditOnBehalf(?:<[^>]*>)?\(\s*|audit\.record\(\s*actor,\s*|recordAs\([^,()]+,\s*)(['`])([a-z][a-z.-]*)(\$\{)?/g;
  for (const file of serverFiles(join(ROOT, 'src/modules'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) found.add(match[3] ? match[2].replace(/\.$/, '') : match[2]);
  }
  return [...found].sort();
}

describe('audit action names', () => {
  it.each(['en-US', 'es'])('names every known action and family in %s', (locale) => {
    const names = texts(locale);
    const missing = [...AUDIT_ACTIONS, ...AUDIT_ACTION_FAMILIES].filter((action) => !names[auditActionKey(action)]);
    expect(missing).toEqual([]);
  });

  it('knows every action the server writes, so none reaches the admin screen as a bare code', () => {
    const unknown = actionsInSource().filter((action) => !auditActionName(action) && !(AUDIT_ACTION_FAMILIES as readonly string[]).includes(action));
    expect(unknown).toEqual([]);
  });

  it('names a family member by its family, with its detail', () => {
    expect(auditActionName('policy.document.id-card')).toEqual({ key: 'policy_document', detail: 'id-card' });
    expect(auditActionName('claim.view')).toEqual({ key: 'claim_view' });
    expect(auditActionName('something.new')).toBeUndefined();
  });
});
