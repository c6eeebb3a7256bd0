/**
 * Control characters no text of ours may hold: NUL (PostgreSQL refuses it in text, so it
 * reached the database as a 500), the other C0 controls but tab, line feed and carriage return
 * (a reason or a note may have several lines), and DEL.
 */
// eslint-disable-next-line no-control-regex -- refusing control characters is what this expression is for
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Whether text holds a control character, or half of a surrogate pair (JSON may escape one,
 * "\ud800", though no character is written so): the e-mail check threw on it (encodeURI) and
 * PostgreSQL refuses it in json, both as a 500.
 */
function unacceptable(text: string): boolean {
  return CONTROL.test(text) || !(text as string & { isWellFormed(): boolean }).isWellFormed();
}

/** The path (`driver.firstName`, `trips.3.route.city`) of the first string, or key, holding a control character or a lone surrogate; undefined when none does. */
export function controlCharacterAt(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return unacceptable(value) ? path || 'value' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (unacceptable(key)) return at;
    const found = controlCharacterAt(item, at);
    if (found) return found;
  }
  return undefined;
}
