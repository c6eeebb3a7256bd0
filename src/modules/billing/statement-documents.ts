import { lineCar } from '../../shared/billing/line-car';
import { daysInclusive } from '../../shared/dates/iso-day';
import { formatCents, formatDay } from '../../shared/format/money';
import { DAILY_CAP_MILES } from '../../shared/miles/billable-miles';
import { vehicleName } from '../../shared/quote/quote-model';
import { documentTexts, FONT, heading, INK, masthead, paragraph, printablePolicy, render, SOFT, table, tableCell, tableRow } from '../documents';
import { statementLineText } from './statement-line-text';
import type { Locale } from '../../shared/locale';
import type { PolicyView } from '../../shared/policy/policy-model';
import type { StatementRow } from './statement.repository';

export interface StatementDocument {
  policy: PolicyView;
  statement: Pick<StatementRow, 'periodStart' | 'periodEnd' | 'lines' | 'totalCents' | 'status'> & {
    /** The most the statement's period could cost (`mostThesePeriodLinesCanCostCents` with its base rate). */
    maximumCents: number;
  };
  locale: Locale;
}

/** The statement as a PDF: every line and its amount, the total, the status. */
export function statementPdf(input: StatementDocument): Promise<Buffer> {
  const t = documentTexts(input.locale);
  const { statement, locale } = input;
  const policy = printablePolicy(input.policy, t('unprintable'));
  return render({ title: `${t('statement.title')} ${policy.number}`, locale }, (doc) => {
    masthead(
      doc,
      t('statement.title'),
      `${t('statement.policy', { number: policy.number })} · ${t('statement.period', { from: formatDay(statement.periodStart, locale), to: formatDay(statement.periodEnd, locale) })}`,
    );
    heading(doc, t('statement.line'));
    // A table of the lines: each line's words head its row, its amount beside them.
    table(doc, () => {
      for (const line of statement.lines) {
        const y = doc.y;
        doc.font(FONT.regular).fontSize(10).fillColor(INK);
        tableRow(doc, () => {
          tableCell(doc, 'TH', () => doc.text(statementLineText(line, policy.vehicles, locale, t, 'statement'), 54, y, { width: 380 }));
          tableCell(doc, 'TD', () => doc.text(formatCents(line.amountCents, locale), 440, y, { width: 118, align: 'right' }));
        });
        doc.moveDown(0.4);
      }
    });
    doc.moveDown(0.4).font(FONT.bold).fontSize(12);
    paragraph(doc, () => doc.text(`${t('statement.total')}: ${formatCents(statement.totalCents, locale)} · ${t(`statement.status.${statement.status}`)}`, 54));
    doc.moveDown(0.4).font(FONT.regular).fontSize(10);
    paragraph(doc, () =>
      doc.text(
        t('statement.maximum', {
          amount: formatCents(statement.maximumCents, locale),
          days: daysInclusive(statement.periodStart, statement.periodEnd),
          cap: DAILY_CAP_MILES,
        }),
        54,
        doc.y,
        { width: 504 },
      ),
    );
    doc.moveDown(0.8).font(FONT.regular).fontSize(9).fillColor(SOFT);
    paragraph(doc, t('statement.cap'));
  });
}

const cell = (value: string | number) => {
  const text = String(value);
  // Quoted when needed, and a leading = + - @ neutralised so a spreadsheet does not run it.
  const safe = /^[=+\-@]/.test(text) && Number.isNaN(Number(text)) ? `'${text}` : text;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The statement as CSV: a header, then a row per line (amounts in dollars, plain numbers). */
export function statementCsv(input: StatementDocument): string {
  const t = documentTexts(input.locale);
  const header = ['kind', 'vehicle', 'from', 'to', 'miles', 'rate', 'amount'].map((key) => t(`statement.csv.${key}`));
  const rows = input.statement.lines.map((line) => {
    const v = lineCar(line, input.policy.vehicles);
    return [
      line.kind,
      v ? vehicleName(v) : '',
      line.from,
      line.to,
      line.miles ?? '',
      line.perMileRateMills === undefined ? '' : line.perMileRateMills / 10,
      (line.amountCents / 100).toFixed(2),
    ];
  });
  const total = [t('statement.total'), '', '', '', '', '', (input.statement.totalCents / 100).toFixed(2)];
  return [header, ...rows, total].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
