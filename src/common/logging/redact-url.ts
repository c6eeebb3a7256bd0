import { luhnValid } from '../../shared/payment/card-number';

// Query parameters whose values must never reach a log line.
const SECRET_PARAMS = /^(code|token|otp|key|secret|password|session|sid|number|card|card_?number|pan|cvc|cvv|csc)$/i;

// 13–19 digits, maybe grouped by spaces (raw or encoded) or dashes, as a card number is typed.
const DIGIT_RUN = /\d(?:(?:%20|\+|-| )?\d){12,18}/g;

/** Any card number a caller put in a URL (path or query), whatever the parameter's name. */
function redactCardNumbers(url: string): string {
  return url.replace(DIGIT_RUN, (run) => (luhnValid(run.replace(/%20|\+|-| /g, '')) ? '[redacted]' : run));
}

// A share-proof link's token is its path (issue 27): /proof/<token>, /es/proof/<token>.
const PROOF_TOKEN = /^((?:\/es)?\/proof\/)[^/?#]+/;
// So is an account deletion link's (issue 27): /account/delete/<token>, /es/account/delete/<token>.
const DELETION_TOKEN = /^((?:\/es)?\/account\/delete\/)[^/?#]+/;

/** The request URL as it may be logged: secret query values, a share-proof or deletion link's token and card numbers replaced. */
export function redactUrl(url: string): string {
  url = url.replace(PROOF_TOKEN, '$1[redacted]').replace(DELETION_TOKEN, '$1[redacted]');
  const at = url.indexOf('?');
  if (at === -1) return redactCardNumbers(url);
  const params = new URLSearchParams(url.slice(at + 1));
  for (const name of [...params.keys()]) {
    if (SECRET_PARAMS.test(name)) params.set(name, '[redacted]');
  }
  return redactCardNumbers(`${url.slice(0, at)}?${params.toString()}`);
}
