/**
 * How a card network writes its own name: a proper noun, the same in every language. The
 * gateways answer lower-case ids ('visa', 'amex'); what a person reads is this.
 */
export const CARD_BRAND_NAMES: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** The network's name, or undefined for a brand we don't know (say "card" alone then). */
export function cardBrandName(brand: string | null | undefined): string | undefined {
  return brand ? CARD_BRAND_NAMES[brand.toLowerCase()] : undefined;
}
