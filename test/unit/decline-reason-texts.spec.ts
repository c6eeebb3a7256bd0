import fs from 'node:fs';
import path from 'node:path';
import { LOCALES } from '../../src/shared/locale';
import { CARD_DECLINE_REASONS, DECLINE_REASONS } from '../../src/shared/payment/decline-reasons';

const LOCALE_DIR = path.resolve(__dirname, '../../src/client/locales');

function text(locale: string, namespace: string, key: string): unknown {
  const data: unknown = JSON.parse(fs.readFileSync(path.join(LOCALE_DIR, locale, `${namespace}.json`), 'utf8'));
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), data);
}

/** Where each component that shows a decline keeps its texts, and the reasons it shows. */
const SHOWN = [
  { component: 'QuotePaymentPage', namespace: 'quote-payment', group: 'errors.declined', reasons: DECLINE_REASONS },
  { component: 'ReviewAndSign', namespace: 'profile', group: 'review.declined', reasons: DECLINE_REASONS },
  // Saving a card lets the bank ask the customer in the browser: no authentication_required there.
  { component: 'PaymentMethodPanel', namespace: 'payment', group: 'method.declined', reasons: CARD_DECLINE_REASONS },
  // The payment history's failed attempts (issue 16): every reason, and the processor's own error.
  { component: 'PaymentEntry', namespace: 'history', group: 'payments.failure', reasons: [...DECLINE_REASONS, 'processing_error'] },
];

describe('decline reason texts', () => {
  describe.each(LOCALES.map((locale) => [locale]))('%s', (locale) => {
    it.each(SHOWN.map((shown) => [shown.component, shown] as const))('%s has a text for every reason it shows', (_component, shown) => {
      const missing = shown.reasons.filter((reason) => {
        const found = text(locale, shown.namespace, `${shown.group}.${reason}`);
        return typeof found !== 'string' || found.trim() === '';
      });
      expect(missing).toEqual([]);
    });
  });
});
