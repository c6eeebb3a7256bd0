import { formatCents, formatDay, formatNumber } from '../../shared/format/money';
import { cardBrandName } from '../../shared/payment/card-brands';
import { statementLineText } from '../billing/statement-line-text';
import { claimsHelpLine } from '../mail/claims-help-line';
import { layoutMail } from '../mail/mail-layout';
import { mailTexts } from '../mail/mail-texts';
import type { Locale } from '../../shared/locale';
import type { PolicyView } from '../../shared/policy/policy-model';
import type { StatementLine } from '../billing/statement-lines';
import type { MailAttachment, MailMessage } from '../mail/mail-message';

export interface PolicyMailContext {
  to: string;
  locale: Locale;
  policy: PolicyView;
  /** The site's origin, for links. */
  publicUrl: string;
  legal: { agency: string; insurer: string };
}

function profileLink(context: PolicyMailContext, query = ''): string {
  return `${context.publicUrl}${context.locale === 'es' ? '/es' : ''}/profile${query}`;
}

function insuredFirstName(policy: PolicyView): string {
  return (policy.drivers.find((d) => !d.relationship) ?? policy.drivers[0]).firstName;
}

function compose(
  context: PolicyMailContext,
  kind: 'purchased' | 'review' | 'cancelled' | 'statement' | 'paymentFailed' | 'budget' | 'milesReminder',
  values: Record<string, string>,
  parts: { paragraphs: string[]; lines?: string[]; notes?: string[]; href: string },
): MailMessage {
  const t = mailTexts(context.locale);
  const subject = t(`policy.${kind}.subject`, { number: context.policy.number, ...values });
  const body = layoutMail({
    locale: context.locale,
    subject,
    preheader: t(`policy.${kind}.preheader`),
    greeting: t('policy.greeting', { name: insuredFirstName(context.policy) }),
    paragraphs: [...parts.paragraphs.map((key) => t(key, values)), ...(parts.lines ?? [])],
    button: { label: t(`policy.${kind}.button`), href: parts.href },
    // Every policy e-mail says where to report a claim: the claims number and the link (issue 16).
    notes: [...(parts.notes?.map((key) => t(key, values)) ?? []), claimsHelpLine(context.locale, context.publicUrl)],
    signature: t('policy.signature'),
    footer: t('magicLink.footer', context.legal),
  });
  return { to: context.to, subject, ...body };
}

function datesOf(context: PolicyMailContext) {
  const { policy, locale } = context;
  return {
    number: policy.number,
    start: formatDay(policy.effectiveDate, locale),
    end: formatDay(policy.termEndDate, locale),
    amount: formatCents(policy.baseRateCents, locale),
  };
}

/** The welcome: the policy is active, what was charged, the ID card attached. */
export function policyPurchasedMail(
  context: PolicyMailContext,
  charged: { brand: string; last4: string; amountCents: number },
  idCard: MailAttachment,
): MailMessage {
  const t = mailTexts(context.locale);
  const brand = cardBrandName(charged.brand);
  const card = brand ? t('policy.brandedCard', { brand }) : t('policy.card');
  const values = { ...datesOf(context), card, last4: charged.last4, amount: formatCents(charged.amountCents, context.locale) };
  const message = compose(context, 'purchased', values, {
    paragraphs: ['policy.purchased.intro', 'policy.purchased.charged', 'policy.purchased.idCard', 'policy.purchased.next'],
    href: profileLink(context),
  });
  return { ...message, attachments: [idCard] };
}

/** To the customer, when staff bought for them: review and sign before anything is charged. */
export function policyReviewMail(context: PolicyMailContext, agentName: string, last4: string): MailMessage {
  return compose(
    context,
    'review',
    { ...datesOf(context), agent: agentName, last4 },
    {
      paragraphs: ['policy.review.intro', 'policy.review.charge'],
      notes: ['policy.review.notYou'],
      href: profileLink(context, `?confirm=${context.policy.id}`),
    },
  );
}

export function policyCancelledMail(context: PolicyMailContext): MailMessage {
  const values = { ...datesOf(context), date: formatDay(context.policy.cancellationDate!, context.locale) };
  return compose(context, 'cancelled', values, { paragraphs: ['policy.cancelled.intro', 'policy.cancelled.final'], href: profileLink(context) });
}

export interface StatementMailInput {
  from: string;
  to: string;
  totalCents: number;
  last4: string;
  lines: StatementLine[];
}

/** The month's statement: every line, the total and the card charged. */
export function statementMail(context: PolicyMailContext, statement: StatementMailInput): MailMessage {
  const { locale, policy } = context;
  const t = mailTexts(locale);
  const lineText = statement.lines.map((line) => statementLineText(line, policy.vehicles, locale, t, 'policy.statement'));
  const values = {
    number: policy.number,
    from: formatDay(statement.from, locale),
    to: formatDay(statement.to, locale),
    amount: formatCents(statement.totalCents, locale),
    last4: statement.last4,
  };
  return compose(context, 'statement', values, {
    paragraphs: ['policy.statement.intro'],
    lines: [...lineText, t(statement.totalCents < 0 ? 'policy.statement.refunded' : 'policy.statement.total', values)],
    href: profileLink(context),
  });
}

/** A declined statement charge: when we try again, or that we will not. */
export function paymentFailedMail(
  context: PolicyMailContext,
  failed: { from: string; to: string; totalCents: number; nextAttempt: string | null },
): MailMessage {
  const { locale } = context;
  const values = {
    from: formatDay(failed.from, locale),
    to: formatDay(failed.to, locale),
    amount: formatCents(failed.totalCents, locale),
    date: failed.nextAttempt ? formatDay(failed.nextAttempt, locale) : '',
  };
  return compose(context, 'paymentFailed', values, {
    paragraphs: ['policy.paymentFailed.intro', failed.nextAttempt ? 'policy.paymentFailed.retry' : 'policy.paymentFailed.last'],
    href: profileLink(context),
  });
}

/** The customer's own budget, nearly used: how far along, and where this pace leads. */
export function budgetMail(
  context: PolicyMailContext,
  budget: { budget: number; used: number; from: string; to: string; forecastMiles: number; forecastCents: number },
): MailMessage {
  const { locale } = context;
  const values = {
    budget: formatNumber(budget.budget, locale),
    used: formatNumber(Math.round(budget.used), locale),
    from: formatDay(budget.from, locale),
    to: formatDay(budget.to, locale),
    forecast: formatNumber(budget.forecastMiles, locale),
    amount: formatCents(budget.forecastCents, locale),
  };
  return compose(context, 'budget', values, { paragraphs: ['policy.budget.intro', 'policy.budget.forecast'], href: profileLink(context) });
}

/** Nothing has come in for a while: send a reading (days without miles are never estimated). */
export function milesReminderMail(context: PolicyMailContext, quiet: { since: string }): MailMessage {
  const values = { number: context.policy.number, since: formatDay(quiet.since, context.locale) };
  return compose(context, 'milesReminder', values, {
    paragraphs: ['policy.milesReminder.intro', 'policy.milesReminder.how', 'policy.milesReminder.noPenalty'],
    href: profileLink(context),
  });
}
