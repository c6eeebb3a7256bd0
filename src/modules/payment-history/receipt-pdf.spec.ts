import { expectTaggedCatalog, inReadingOrder, pdfTags } from '../../../test/support/pdf-structure';
import { receiptPdf, type ReceiptInput } from './receipt-pdf';
import type { Locale } from '../../shared/locale';

// Drawing a PDF and reading it back in a child process takes seconds on a loaded 2-core machine.
jest.setTimeout(60_000);

function receipt(locale: Locale, kind: 'charge' | 'refund'): ReceiptInput {
  return {
    entry: {
      id: `${kind}-1a2b3c4d-0000-4000-8000-000000000000`,
      kind,
      status: 'succeeded',
      at: '2026-12-01T17:00:00.000Z',
      amountCents: 16_106,
      card: { brand: 'visa', last4: '4242' },
      paidFor: 'first-payment',
      policyNumber: 'MP-AZ-1000042',
      period: null,
      failure: null,
      receipt: true,
    },
    paidOn: '2026-12-01',
    issuedOn: '2026-12-02',
    customer: { name: 'Ana García', email: 'ana@example.com' },
    reference: 'ch_123',
    legal: { agency: 'Meterly Insurance Services, LLC', insurer: 'Harborline Casualty Company' },
    locale,
  };
}

// Issue 29: a receipt is read by a screen reader in its language, in order, its details a table.
describe('receiptPdf, tagged', () => {
  it.each([
    ['en-US', 'charge', 'Payment receipt', 'Billed to', 'Amount paid'],
    ['es', 'charge', 'Recibo de pago', 'Cobrado a', 'Importe pagado'],
    ['en-US', 'refund', 'Refund receipt', 'Refunded to', 'Amount refunded'],
    ['es', 'refund', 'Recibo de reembolso', 'Reembolsado a', 'Importe reembolsado'],
  ] as const)('in %s (%s): title, who, and each detail as a row of a table', async (locale, kind, title, to, amount) => {
    const pdf = await receiptPdf(receipt(locale, kind));
    expectTaggedCatalog(pdf, locale);
    const tags = await pdfTags(pdf);
    expect(tags.title).toBe(`${title} ${kind === 'refund' ? 'R' : 'P'}-1A2B3C4D`);
    expect(tags.untagged).toEqual([]);
    const expected = [
      { role: 'H1', text: title },
      { role: 'H2', text: to },
      { role: 'P', text: 'Ana García' },
      { role: 'P', text: 'ana@example.com' },
      { role: 'TH', text: amount },
      { role: 'TD', text: '$161.06' },
      { role: 'TD', text: 'MP-AZ-1000042' },
    ];
    expect(inReadingOrder(tags.elements, expected)).toEqual(expected);
    expect(tags.roles[0]).toEqual(expect.arrayContaining(['Document', expect.arrayContaining(['Table', ['TR', ['TH'], ['TD']]])]));
  });
});
