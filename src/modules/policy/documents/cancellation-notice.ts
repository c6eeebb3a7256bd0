import { addDays } from '../../../shared/dates/iso-day';
import { stateDay } from '../../../shared/dates/state-day';
import { formatCents, formatDay, formatNumber } from '../../../shared/format/money';
import { FINAL_MILES_DAYS } from '../../../shared/policy/policy-model';
import { finalStatementWaitDays } from '../../../shared/policy/reinstatement';
import {
  documentTexts,
  FONT,
  fullName,
  heading,
  masthead,
  paragraph,
  printable,
  printablePolicy,
  render,
  SOFT,
  table,
  tableCell,
  tableRow,
} from '../../documents';
import type { CancellationQuote } from '../../../shared/billing/cancellation-quote';
import type { DocumentInput } from './policy-documents';

/** Who asked for a cancellation, why, and what it comes to. Null where it was not recorded (cancelled before issue 26). */
export interface CancellationNotice {
  askedBy: 'customer' | 'staff' | 'meterly' | null;
  staffEmail: string | null;
  reason: string | null;
  /** ISO moment the cancellation was recorded. */
  recordedAt: string | null;
  quote: CancellationQuote | null;
}

type Texts = ReturnType<typeof documentTexts>;

/** A reason we give a name to, in the reader's language; anything else as the customer wrote it. */
export function cancellationReason(t: Texts, reason: string | null): string {
  if (!reason) return t('cancellationNotice.notRecorded');
  if (reason === 'customer-request' || reason === 'non-payment') return t(`cancellationNotice.reasons.${reason}`);
  return printable(reason, t('unprintable'));
}

/** A label and its value side by side (a table's row, the label its header); the next line starts below the taller of the two (either may wrap). */
function line(doc: PDFKit.PDFDocument, label: string, value: string): void {
  const y = doc.y;
  const labelHeight = doc.font(FONT.regular).heightOfString(label, { width: 260 });
  const valueHeight = doc.font(FONT.bold).heightOfString(value, { width: 228 });
  tableRow(doc, () => {
    tableCell(doc, 'TH', () => doc.font(FONT.regular).text(label, 54, y, { width: 260 }));
    tableCell(doc, 'TD', () => doc.font(FONT.bold).text(value, 330, y, { width: 228 }));
  });
  doc.font(FONT.regular);
  doc.x = 54;
  doc.y = y + Math.max(labelHeight, valueHeight);
  doc.moveDown(0.2);
}

/**
 * The notice of cancellation: which policy, whose, the cancellation date and the last moment
 * covered, who asked and why, and what the final statement gives back or asks (its own lines
 * once made; before, the same planning with the miles in so far).
 */
export function cancellationNoticePdf(input: DocumentInput & { notice: CancellationNotice }): Promise<Buffer> {
  const t = documentTexts(input.locale);
  const { legal, locale, notice } = input;
  const policy = printablePolicy(input.policy, t('unprintable'));
  const day = (value: string) => formatDay(value, locale);
  const lastDay = policy.cancellationDate!;
  return render({ title: `${t('cancellationNotice.title')} ${policy.number}`, locale }, (doc) => {
    masthead(
      doc,
      t('cancellationNotice.title'),
      `${t('declarations.policyNumber')}: ${policy.number} · ${t('declarations.issued', { date: day(input.issuedOn) })}`,
    );

    heading(doc, t('declarations.insured'));
    const insured = policy.drivers.find((d) => !d.relationship) ?? policy.drivers[0];
    const a = policy.address;
    paragraph(doc, () => doc.text(fullName(insured)).text([a.line1, a.line2].filter(Boolean).join(', ')).text(`${a.city}, ${a.state} ${a.zip}`));

    heading(doc, t('cancellationNotice.cancellation'));
    table(doc, () => {
      line(doc, t('cancellationNotice.date'), day(lastDay));
      line(doc, t('cancellationNotice.lastCovered'), t('cancellationNotice.lastCoveredValue', { date: day(lastDay) }));
      line(doc, t('cancellationNotice.term'), t('cancellationNotice.termValue', { from: day(policy.effectiveDate), to: day(policy.termEndDate) }));
      const asked =
        notice.askedBy === 'staff'
          ? t('cancellationNotice.askedByStaff', { email: printable(notice.staffEmail ?? '', t('unprintable')) })
          : notice.askedBy === 'customer'
            ? t('cancellationNotice.askedByInsured', { name: fullName(insured) })
            : notice.askedBy === 'meterly'
              ? t('cancellationNotice.askedByMeterly')
              : t('cancellationNotice.notRecorded');
      line(doc, t('cancellationNotice.askedBy'), asked);
      line(doc, t('cancellationNotice.reason'), cancellationReason(t, notice.reason));
      // The day in the policy's state, as every other date on the documents.
      if (notice.recordedAt) line(doc, t('cancellationNotice.recorded'), day(stateDay(new Date(notice.recordedAt), policy.state)));
    });

    heading(doc, t('cancellationNotice.money'));
    const quote = notice.quote;
    if (quote) {
      table(doc, () => {
        if (quote.creditCents > 0) line(doc, t('cancellationNotice.credit', { from: day(addDays(quote.to, 1)) }), formatCents(-quote.creditCents, locale));
        line(
          doc,
          t('cancellationNotice.miles', { miles: formatNumber(quote.miles, locale), from: day(quote.from), to: day(quote.to) }),
          formatCents(quote.milesCents, locale),
        );
        if (quote.changesCents !== 0) line(doc, t('cancellationNotice.changes'), formatCents(quote.changesCents, locale));
        line(doc, t(quote.totalCents < 0 ? 'cancellationNotice.refund' : 'cancellationNotice.due'), formatCents(Math.abs(quote.totalCents), locale));
      });
      doc.moveDown(0.3).fontSize(9).fillColor(SOFT);
      paragraph(doc, () =>
        doc.text(
          quote.basis === 'final'
            ? t('cancellationNotice.basisFinal')
            : t('cancellationNotice.basisQuote', {
                late: day(addDays(lastDay, FINAL_MILES_DAYS)),
                statement: day(addDays(lastDay, finalStatementWaitDays(notice.reason) + 1)),
              }),
          54,
          doc.y,
          { width: 504 },
        ),
      );
    } else {
      paragraph(doc, () => doc.text(t('cancellationNotice.nothingBilled'), 54, doc.y, { width: 504 }));
    }
    doc.moveDown(1.2).fontSize(9).fillColor(SOFT);
    paragraph(doc, () => doc.text(t('cancellationNotice.noFee'), 54, doc.y, { width: 504 }));
    paragraph(doc, t('cancellationNotice.idCard'), { width: 504 });
    doc.moveDown(0.5);
    paragraph(doc, t('declarations.soldBy', { agency: legal.agency }));
    paragraph(doc, t('declarations.underwrittenBy', { insurer: legal.insurer }));
  });
}
