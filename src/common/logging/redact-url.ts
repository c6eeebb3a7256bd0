// Query parameters whose values must never reach a log line.
const SECRET_PARAMS = /^(code|token|otp|key|secret|password|session|sid)$/i;

/** The request URL as it may be logged: secret query values replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const name of [...params.keys()]) {
    if (SECRET_PARAMS.test(name)) params.set(name, '[redacted]');
  }
  return `${url.slice(0, at)}?${params.toString()}`;
}
