/** A state's name in the reader's language ("California", not "CA"), from the pricing texts; '' for none. */
export function stateName(t: (key: string, options: { ns: string; defaultValue: string }) => string, code: unknown): string {
  return typeof code === 'string' && code ? t(`states.${code}`, { ns: 'pricing', defaultValue: code }) : '';
}
