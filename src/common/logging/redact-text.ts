// A run of 13 to 19 digits, possibly grouped by spaces or dashes: a card number, say.
const CARD_LIKE = /\b\d(?:[ -]?\d){12,18}\b/g;
// name=value pairs whose value is a secret, as in a URL or a message quoting one.
const SECRET_PAIR = /\b(code|token|otp|key|secret|password|session|sid)=([^&\s#"']+)/gi;

/** Free text from a browser as it may be logged: card-like numbers and secret values replaced. */
export function redactText(text: string): string {
  return text.replace(CARD_LIKE, '[redacted]').replace(SECRET_PAIR, '$1=[redacted]');
}

/** The same for a JSON value: every string redacted, card-like numbers replaced, depth bounded. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value === 'number') return /^\d{13,19}$/.test(String(value)) ? '[redacted]' : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= 4) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 20).map((item) => redactValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .slice(0, 20)
      .map(([key, item]) => [key, redactValue(item, depth + 1)]),
  );
}
