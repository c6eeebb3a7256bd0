import { formatCents, formatDay } from '../../shared/format/money';
import { cardBrandName } from '../../shared/payment/card-brands';
import { BRAND, FONT, heading, INK, masthead, paragraph, printable, render, SOFT, table, tableCell, tableRow } from '../documents';
import { receiptTexts } from './receipt-texts';
import type { Locale } from '../../shared/locale';
import type { PaymentHistoryEntry } from '../../shared/payment/payment-history-model';

export interface ReceiptInput {
  entry: PaymentHistoryEntry;
  /** YYYY-MM-DD: the day it was paid (refunded), in the policy's state. */
  paidOn: string;
  issuedOn: string;
  customer: { name: string | null; email: string };
  /** The payment processor's reference of the charge or the refund. */
  reference: string | null;
  legal: { agency: string; insurer: string };
  locale: Locale;
}

type Texts = ReturnType<typeof receiptTexts>;

/** "P-1A2B3C4D" for a payment, "R-…" for a refund: short, and the same on every copy. */
export function receiptNumber(entry: Pick<PaymentHistoryEntry, 'id' | 'kind'>): string {
  const id = entry.id.slice(entry.id.indexOf('-') + 1);
  return `${entry.kind === 'refund' ? 'R' : 'P'}-${id.slice(0, 8).toUpperCase()}`;
}

/** What the money paid for (or, refunded, what it had paid for), in a line. */
export function receiptPurpose(t: Texts, entry: PaymentHistoryEntry, locale: Locale): string {
  const group = entry.kind === 'refund' ? 'refundOf' : 'paidFor';
  if (entry.paidFor !== 'statement') return t(`${group}.${entry.paidFor}`);
  if (!entry.period) return t(`${group}.statementNoPeriod`);
  return t(`${group}.statement`, { from: formatDay(entry.period.from, locale), to: formatDay(entry.period.to, locale) });
}

function cardText(t: Texts, entry: PaymentHistoryEntry): string {
  if (!entry.card) return t('noCard');
  return t('cardValue', { brand: cardBrandName(entry.card.brand) ?? t('anyCard'), last4: entry.card.last4 });
}

/** A row of the details' table: its label (the row's header) beside its value. */
function row(doc: PDFKit.PDFDocument, label: string, value: string, strong = false): void {
  const y = doc.y;
  tableRow(doc, () => {
    doc.font(FONT.regular).fontSize(10).fillColor(SOFT);
    tableCell(doc, 'TH', () => doc.text(label, 54, y, { width: 170 }));
    doc
      .font(strong ? FONT.bold : FONT.regular)
      .fontSize(strong ? 13 : 10)
      .fillColor(strong ? BRAND : INK);
    tableCell(doc, 'TD', () => doc.text(value, 230, y, { width: 328 }));
  });
  doc.moveDown(0.35);
}

/**
 * A receipt for one payment or refund: who paid, when, how much, with which card (brand and last
 * four digits only), for what, and to whom. In the reader's language; the customer's name and
 * e-mail made printable as the policy documents make theirs.
 */
export function receiptPdf(input: ReceiptInput): Promise<Buffer> {
  const t = receiptTexts(input.locale);
  const { entry, locale } = input;
  const refund = entry.kind === 'refund';
  const number = receiptNumber(entry);
  return render({ title: `${t(`title.${entry.kind}`)} ${number}`, locale }, (doc) => {
    masthead(doc, t(`title.${entry.kind}`), `${t('number', { number })} · ${t('issued', { date: formatDay(input.issuedOn, locale) })}`);

    heading(doc, t(refund ? 'refundedTo' : 'billedTo'));
    const name = input.customer.name ? printable(input.customer.name, '') : '';
    if (name) paragraph(doc, name);
    paragraph(doc, printable(input.customer.email, ''));

    heading(doc, t('details'));
    table(doc, () => {
      row(doc, t(refund ? 'amountRefunded' : 'amountPaid'), formatCents(entry.amountCents, locale), true);
      row(doc, t(refund ? 'refundedOn' : 'paidOn'), formatDay(input.paidOn, locale));
      row(doc, t('card'), cardText(t, entry));
      row(doc, t('for'), receiptPurpose(t, entry, locale));
      if (entry.policyNumber) row(doc, t('policy'), entry.policyNumber);
      if (input.reference) row(doc, t('reference'), input.reference);
    });

    if (refund) {
      doc.moveDown(0.6).font(FONT.regular).fontSize(10).fillColor(INK);
      paragraph(doc, () => doc.text(t('refundTiming'), 54, doc.y, { width: 504 }));
    }
    doc.moveDown(1.2).font(FONT.regular).fontSize(9).fillColor(SOFT);
    paragraph(doc, () => doc.text(t(refund ? 'refundedBy' : 'paidTo', input.legal), 54, doc.y, { width: 504 }));
    doc.moveDown(0.4);
    paragraph(doc, t('keep'), { width: 504 });
  });
}

/** "meterly-receipt-P-1A2B3C4D.pdf", in the reader's language. */
export function receiptFileName(entry: PaymentHistoryEntry, locale: Locale): string {
  return `${receiptTexts(locale)(`file.${entry.kind}`)}-${receiptNumber(entry)}.pdf`;
}
