import { mostAMonthCanCostCents } from '../../../shared/billing/monthly-maximum';
import { addMonths } from '../../../shared/dates/iso-day';
import { stateDay } from '../../../shared/dates/state-day';
import { formatCents, formatDay, formatMills, formatNumber } from '../../../shared/format/money';
import { DAILY_CAP_MILES } from '../../../shared/miles/billable-miles';
import { coverStartsAt, formatCoverStart } from '../../../shared/policy/cover-start';
import { COVERAGE_FIELDS, COVERAGE_QUESTIONS, isRejectable, withDefaults, type Coverage, type CoverageChoices } from '../../../shared/quote/coverage-model';
import { vehicleName } from '../../../shared/quote/quote-model';
import {
  documentTexts,
  FONT,
  fullName,
  heading,
  INK,
  list,
  listItem,
  masthead,
  paragraph,
  printablePolicy,
  render,
  SOFT,
  table,
  tableCell,
  tableRow,
} from '../../documents';
import { cancellationReason } from './cancellation-notice';
import { POLICY_FORMS, stateFormNumber } from './policy-forms';
import type { Locale } from '../../../shared/locale';
import type { PolicyChangeKind, PolicyChangeView } from '../../../shared/policy/policy-change-model';
import type { PolicyView } from '../../../shared/policy/policy-model';
import type { CoverageRejectionView } from '../../../shared/quote/coverage-rejections';

export interface DocumentInput {
  policy: PolicyView;
  /** `insurerAddress`: printed on the declarations under the insurer's name. */
  legal: { agency: string; insurer: string; insurerNaic: string; insurerAddress?: string };
  locale: Locale;
  /** YYYY-MM-DD */
  issuedOn: string;
  /** The site's origin: the ID card prints where to report a claim online (without it, the number only). */
  publicUrl?: string;
  /** Changes booked to take effect after today (issue 26): the documents read as of today and say what is coming. */
  coming?: ComingChange[];
}

/** A change booked for a later day, as the documents say it. */
export interface ComingChange {
  effectiveDate: string;
  kind: PolicyChangeKind;
  summary: PolicyChangeView['summary'];
  /** The cars it takes off the policy (removed or replaced): covered until the day before. */
  carsLeaving: number[];
}

/** The moment cover begins, in the state's zone (issue 26); the first day alone while the policy is not bound. */
export function coverBegins(policy: PolicyView, locale: Locale): string {
  const from = coverStartsAt(policy);
  return from ? formatCoverStart(from, policy.state, locale) : formatDay(policy.effectiveDate, locale);
}

export function insuredName(policy: PolicyView): string {
  return fullName(policy.drivers.find((d) => !d.relationship) ?? policy.drivers[0]);
}

/** What is booked to take effect after today: "From December 1: remove the 2020 Toyota RAV4". */
function comingSection(doc: PDFKit.PDFDocument, t: ReturnType<typeof documentTexts>, coming: ComingChange[], locale: Locale): void {
  if (!coming.length) return;
  heading(doc, t('declarations.coming.title'));
  list(doc, () => {
    for (const change of coming)
      listItem(
        doc,
        t('declarations.coming.line', { date: formatDay(change.effectiveDate, locale), what: t(`declarations.coming.${change.kind}`, change.summary) }),
      );
  });
  doc.moveDown(0.3).fillColor(SOFT);
  paragraph(doc, t('declarations.coming.note'), { width: 504 });
  doc.fillColor(INK);
}

/** How a coverage reads on the declarations page. */
function coverageValue(
  t: ReturnType<typeof documentTexts>,
  key: Exclude<keyof Coverage, 'choices'>,
  coverage: Coverage,
  minimum: string,
  locale: string,
): string {
  const value = coverage[key];
  const money = (n: number) => `$${formatNumber(n, locale)}`;
  if (value === null || value === false) return t('declarations.notCovered');
  switch (key) {
    case 'liability':
      return value === 'state-minimum' ? `${t('declarations.values.stateMinimum')} (${minimum})` : String(value);
    case 'comprehensiveDeductible':
    case 'collisionDeductible':
      return t('declarations.values.deductible', { amount: money(Number(value)) });
    case 'medicalPayments':
    case 'personalInjuryProtection':
      return t('declarations.values.perPerson', { amount: money(Number(value)) });
    case 'rental': {
      const [day, claim] = String(value).split('/').map(Number);
      return t('declarations.values.rental', { day: money(day), claim: money(claim) });
    }
    case 'roadside':
      return t('declarations.values.included');
    default:
      return String(value);
  }
}

type Texts = ReturnType<typeof documentTexts>;

/** A row of a table: the label its header, the value (and what `more` writes under it) its cell. */
function labelledLine(doc: PDFKit.PDFDocument, label: string, value: string, more?: () => void): void {
  const y = doc.y;
  tableRow(doc, () => {
    tableCell(doc, 'TH', () => doc.font(FONT.regular).text(label, 54, y, { width: 220 }));
    tableCell(doc, 'TD', () => {
      doc.font(FONT.bold).text(value, 280, y, { width: 278 });
      doc.font(FONT.regular).moveDown(0.2);
      more?.();
    });
  });
}

/**
 * The written answers the state asks for (uninsured motorist in Arizona, Pennsylvania and Texas;
 * PIP in Texas; Pennsylvania's tort option and stacking; the request for lower uninsured motorist
 * limits in Illinois and Oregon), as the named insured gave them on the
 * application: the written record the statutes require. Nothing is printed where the state asks none.
 */
function coverageChoicesSection(
  doc: PDFKit.PDFDocument,
  t: Texts,
  choices: CoverageChoices,
  record?: (key: string) => string | undefined,
  state?: string,
): void {
  const answered = COVERAGE_QUESTIONS.filter((key) => choices[key]);
  if (!answered.length) return;
  const onlyCoverages = answered.every(isRejectable);
  heading(doc, t(onlyCoverages ? 'declarations.choices.title' : 'declarations.choices.titleAll'));
  paragraph(doc, () => doc.text(t(onlyCoverages ? 'declarations.choices.intro' : 'declarations.choices.introAll'), 54, doc.y, { width: 504 }));
  doc.moveDown(0.3);
  table(doc, () => {
    for (const key of answered) {
      const how = record?.(key);
      labelledLine(
        doc,
        t(isRejectable(key) ? `declarations.items.${key}` : `declarations.choices.question.${key}`, { context: state }),
        t(`declarations.choices.${choices[key]!}`),
        // Who chose it and how, read with the answer it records.
        how ? () => doc.fontSize(9).fillColor(SOFT).text(how, 280, doc.y, { width: 278 }) : undefined,
      );
      if (how) doc.fontSize(10).fillColor(INK).moveDown(0.2);
    }
  });
}

/**
 * Who turned a coverage down, when and how (issue 26): "Rejected in writing by the named insured
 * on the web, signed electronically Nov 27, 2026", "Chosen with agent Dana Cruz on …, signed by
 * the named insured on …"; days are the policy's state's.
 */
export function rejectionRecord(t: Texts, rejection: CoverageRejectionView, state: string, locale: Locale): string {
  const day = (iso: string) => formatDay(stateDay(new Date(iso), state), locale);
  const values = { agent: rejection.staffName ?? 'Meterly', chosen: day(rejection.chosenAt), ...(rejection.signedAt ? { date: day(rejection.signedAt) } : {}) };
  return t(`declarations.choices.record.${rejection.chosenBy}${rejection.signedAt ? 'Signed' : 'Unsigned'}`, values);
}

/** Every driver: name, relationship, date of birth, and the license's state and masked number (as policyView masks it). */
function driversSection(doc: PDFKit.PDFDocument, t: Texts, policy: PolicyView, locale: Locale): void {
  heading(doc, t('declarations.drivers'));
  list(doc, () => {
    for (const d of policy.drivers) {
      const parts = [fullName(d), t(`declarations.relationships.${d.relationship ?? 'insured'}`), formatDay(d.birthDate, locale)];
      if (d.license) parts.push(t('declarations.license', { state: d.license.state, number: d.license.number }));
      listItem(doc, parts.join(' · '));
    }
  });
}

/** Every car: year, make and model, VIN, and its rates. */
function vehiclesSection(doc: PDFKit.PDFDocument, t: Texts, policy: PolicyView, locale: Locale): void {
  heading(doc, t('declarations.vehicles'));
  list(doc, () => {
    for (const v of policy.vehicles) {
      const parts = [vehicleName(v), ...(v.vin ? [t('declarations.vin', { vin: v.vin })] : [])];
      listItem(
        doc,
        `${parts.join(' · ')} · ${formatCents(v.baseRateCents, locale)} + ${t('declarations.perMile', { rate: formatMills(v.perMileRateMills, locale) })}`,
      );
    }
  });
}

/** The months of the policy's term (its monthly periods from the start to the term's end) and their base rates (issue 26). */
function termBaseRates(policy: PolicyView, locale: Locale) {
  let months = 0;
  while (addMonths(policy.termStartDate, months) < policy.termEndDate) months++;
  return { months, amount: formatCents(policy.baseRateCents, locale), total: formatCents(policy.baseRateCents * months, locale) };
}

/** The forms the policy is written on (policy-forms.ts): the policy, the pay-per-mile endorsement, the state's amendatory endorsement. */
function formsSection(doc: PDFKit.PDFDocument, t: Texts, state: string): void {
  doc.moveDown(0.6);
  paragraph(doc, t('declarations.forms.title'));
  // The five launch states are named; any other would print its postal code rather than nothing.
  const name = t(`declarations.forms.states.${state}`, { defaultValue: state });
  list(doc, () => {
    for (const form of POLICY_FORMS) listItem(doc, `${form.number} · ${t(`declarations.forms.${form.title}`)}`);
    listItem(doc, `${stateFormNumber(state)} · ${t('declarations.forms.state', { state: name })}`);
  });
}

/** The most a month can cost in months of 31, 30 and 28 days (issue 26), for the declarations' rates. */
function monthlyMaximums(policy: PolicyView, locale: Locale) {
  const most = (days: number) =>
    formatCents(
      mostAMonthCanCostCents({ baseRateCents: policy.baseRateCents, perMileRatesMills: policy.vehicles.map((v) => v.perMileRateMills), days }),
      locale,
    );
  return { amount31: most(31), amount30: most(30), amount28: most(28), cap: DAILY_CAP_MILES };
}

/** The declarations page: who, what, where, for how long, which coverages, at what rates. */
export function declarationsPdf(input: DocumentInput & { minimumLiability: string; cancellationReason?: string | null }): Promise<Buffer> {
  const t = documentTexts(input.locale);
  const { legal, locale } = input;
  const policy = printablePolicy(input.policy, t('unprintable'));
  return render({ title: `${t('declarations.title')} ${policy.number}`, locale }, (doc) => {
    masthead(
      doc,
      t('declarations.title'),
      `${t('declarations.policyNumber')}: ${policy.number} · ${t('declarations.issued', { date: formatDay(input.issuedOn, locale) })}`,
    );
    if (policy.status === 'pending-confirmation') {
      doc.moveDown(0.5).font(FONT.bold).fillColor('#b3261e');
      paragraph(doc, t('declarations.pending'));
    }

    heading(doc, t('declarations.period'));
    // Cancelled (issue 26): the period ends on the cancellation date, said so, and no renewal is promised.
    if (policy.status === 'expired' && policy.cancellationDate) {
      paragraph(doc, t('declarations.periodExpired', { from: formatDay(policy.termStartDate, locale), to: formatDay(policy.cancellationDate, locale) }));
      doc.font(FONT.bold);
      paragraph(doc, t('declarations.expired', { date: formatDay(policy.cancellationDate, locale) }));
      doc.font(FONT.regular);
    } else if (policy.cancellationDate) {
      paragraph(doc, t('declarations.periodCancelled', { from: formatDay(policy.termStartDate, locale), to: formatDay(policy.cancellationDate, locale) }));
      doc.font(FONT.bold).fillColor('#b3261e');
      paragraph(
        doc,
        t('declarations.cancelled', { date: formatDay(policy.cancellationDate, locale), reason: cancellationReason(t, input.cancellationReason ?? null) }),
      );
      doc.font(FONT.regular).fillColor(INK);
    } else paragraph(doc, t('declarations.periodValue', { from: formatDay(policy.termStartDate, locale), to: formatDay(policy.termEndDate, locale) }));
    if (policy.termStartDate === policy.effectiveDate && coverStartsAt(policy))
      paragraph(doc, t('declarations.coverBegins', { moment: coverBegins(policy, locale) }));
    // Cancelled for non-payment and reinstated (issue 26): the time between was not covered, said here.
    for (const gap of policy.coverGaps ?? []) {
      doc.font(FONT.bold);
      paragraph(doc, t('declarations.lapse', { from: formatCoverStart(gap.from, policy.state, locale), to: formatCoverStart(gap.to, policy.state, locale) }));
      doc.font(FONT.regular);
    }
    // After a change (issue 16): these declarations replace the earlier ones from its date.
    if (policy.amendedFrom) {
      doc.font(FONT.bold);
      paragraph(doc, t('declarations.amended', { date: formatDay(policy.amendedFrom, locale) }));
      doc.font(FONT.regular);
    }

    comingSection(doc, t, input.coming ?? [], locale);

    heading(doc, t('declarations.insured'));
    const a = policy.address;
    paragraph(doc, () => doc.text(insuredName(policy)).text([a.line1, a.line2].filter(Boolean).join(', ')).text(`${a.city}, ${a.state} ${a.zip}`));

    driversSection(doc, t, policy, locale);
    vehiclesSection(doc, t, policy, locale);

    heading(doc, t('declarations.coverages'));
    const coverage = withDefaults(policy.coverage);
    table(doc, () => {
      // PIP only where the state has it (or the policy has it): elsewhere the line would only confuse.
      for (const key of COVERAGE_FIELDS.filter(
        (k) => k !== 'personalInjuryProtection' || coverage.personalInjuryProtection !== null || Object.hasOwn(coverage.choices, k),
      )) {
        // Arizona names its underinsured part (A.R.S. § 20-259.01): `items.uninsuredMotorist_AZ`.
        labelledLine(doc, t(`declarations.items.${key}`, { context: policy.state }), coverageValue(t, key, coverage, input.minimumLiability, locale));
      }
    });
    coverageChoicesSection(
      doc,
      t,
      coverage.choices,
      (key) => {
        const rejection = policy.rejections?.find((r) => r.coverage === key);
        return rejection && rejectionRecord(t, rejection, policy.state, locale);
      },
      policy.state,
    );

    heading(doc, t('declarations.rates'));
    paragraph(doc, () => doc.text(t('declarations.baseRate', { amount: formatCents(policy.baseRateCents, locale) }), 54));
    for (const text of [
      t('declarations.maximum', monthlyMaximums(policy, locale)),
      t('declarations.termTotal', termBaseRates(policy, locale)),
      t('declarations.byCoverage', { version: policy.rateVersion }),
      t('declarations.howBilled'),
    ]) {
      doc.moveDown(0.3);
      paragraph(doc, text, { width: 504 });
    }

    doc.moveDown(1.2).fontSize(9).fillColor(SOFT);
    paragraph(doc, t('declarations.soldBy', { agency: legal.agency }));
    if (policy.soldBy) paragraph(doc, t('declarations.producer', policy.soldBy));
    paragraph(
      doc,
      legal.insurerAddress
        ? t('declarations.underwrittenBy', { insurer: t('declarations.insurerAddress', { insurer: legal.insurer, address: legal.insurerAddress }) })
        : t('declarations.underwrittenBy', { insurer: legal.insurer }),
    );
    paragraph(doc, t('declarations.rateVersion', { version: policy.rateVersion }));
    formsSection(doc, t, policy.state);
  });
}
