/**
 * Card rules both sides apply: the browser to say what is wrong before anything is sent, the
 * sandbox's token endpoint to refuse the same things again. Nothing here keeps a number.
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

export type CardNumberProblem = 'required' | 'format' | 'length' | 'luhn';
export type ExpiryProblem = 'required' | 'format' | 'past';
export type CvcProblem = 'required' | 'format';
export type PostalCodeProblem = 'required' | 'format';

/** Digits a card number may be typed with: spaces and dashes between groups are fine. */
export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) check every card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

interface BrandRule {
  brand: Exclude<CardBrand, 'unknown'>;
  prefix: RegExp;
  lengths: readonly number[];
}

// Most specific first: a Diners or JCB prefix also starts with 3, UnionPay's 62 is not Discover.
const BRANDS: readonly BrandRule[] = [
  { brand: 'amex', prefix: /^3[47]/, lengths: [15] },
  { brand: 'diners', prefix: /^3(0[0-5]|[689])/, lengths: [14, 15, 16, 17, 18, 19] },
  { brand: 'jcb', prefix: /^35(2[89]|[3-8])/, lengths: [16, 17, 18, 19] },
  { brand: 'visa', prefix: /^4/, lengths: [13, 16, 19] },
  { brand: 'mastercard', prefix: /^(5[1-5]|2(2[2-9]|[3-6]|7[01]|720))/, lengths: [16] },
  { brand: 'unionpay', prefix: /^62/, lengths: [16, 17, 18, 19] },
  { brand: 'discover', prefix: /^(6011|64[4-9]|65)/, lengths: [16, 17, 18, 19] },
];

/** The network a number belongs to, from its first digits (enough digits typed or not). */
export function cardBrand(digits: string): CardBrand {
  return BRANDS.find((rule) => rule.prefix.test(digits))?.brand ?? 'unknown';
}

function lengthsOf(brand: CardBrand): readonly number[] {
  return BRANDS.find((rule) => rule.brand === brand)?.lengths ?? [13, 14, 15, 16, 17, 18, 19];
}

/** What is wrong with a typed card number, or undefined when it could be a real card. */
export function cardNumberProblem(input: string): CardNumberProblem | undefined {
  const digits = cardDigits(input);
  if (!digits) return 'required';
  if (!/^\d+$/.test(digits)) return 'format';
  if (!lengthsOf(cardBrand(digits)).includes(digits.length)) return 'length';
  return luhnValid(digits) ? undefined : 'luhn';
}

/** A two-digit year is this century's. */
export function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/** A card works to the last day of its expiry month. */
export function isExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = fullYear(expYear);
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  return year < thisYear || (year === thisYear && expMonth < thisMonth);
}

/** "MM/YY", "MM / YY", "MM/YYYY" or "MMYY" → month and four-digit year. */
export function parseExpiry(input: string): { expMonth: number; expYear: number } | undefined {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!match) return undefined;
  const expMonth = Number(match[1]);
  if (expMonth < 1 || expMonth > 12) return undefined;
  return { expMonth, expYear: fullYear(Number(match[2])) };
}

export function expiryProblem(input: string, now: Date): ExpiryProblem | undefined {
  if (!input.trim()) return 'required';
  const expiry = parseExpiry(input);
  if (!expiry) return 'format';
  return isExpired(expiry.expMonth, expiry.expYear, now) ? 'past' : undefined;
}

/** Four digits on American Express, three on the others. */
export function cvcProblem(input: string, brand: CardBrand): CvcProblem | undefined {
  const cvc = input.trim();
  if (!cvc) return 'required';
  const ok = brand === 'amex' ? /^\d{4}$/ : brand === 'unknown' ? /^\d{3,4}$/ : /^\d{3}$/;
  return ok.test(cvc) ? undefined : 'format';
}

/** A US ZIP code, five digits or ZIP+4: we sell in the United States only. */
export const POSTAL_CODE_PATTERN = /^\d{5}(-\d{4})?$/;

export function postalCodeProblem(input: string): PostalCodeProblem | undefined {
  const code = input.trim();
  if (!code) return 'required';
  return POSTAL_CODE_PATTERN.test(code) ? undefined : 'format';
}

/** "4242424242424242" → "4242 4242 4242 4242"; American Express as 4-6-5. */
export function formatCardNumber(input: string): string {
  const digits = cardDigits(input).replace(/\D/g, '').slice(0, 19);
  const groups = cardBrand(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}
