/**
 * Control characters no text of ours may hold: NUL (PostgreSQL refuses it in text, so it
 * reached the database as a 500), the other C0 controls but tab, line feed and carriage return
 * (a reason or a note may have several lines), and DEL.
 */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The path (`driver.firstName`, `trips.3.route.city`) of the first string, or key, holding a control character; undefined when none does. */
export function controlCharacterAt(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return CONTROL.test(value) ? path || 'value' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (CONTROL.test(key)) return at;
    const found = controlCharacterAt(item, at);
    if (found) return found;
  }
  return undefined;
}
