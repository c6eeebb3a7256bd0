import { addDays } from '../../shared/dates/iso-day';
import { formatCents, formatDay, formatNumber } from '../../shared/format/money';
import { formatCoverStart } from '../../shared/policy/cover-start';
import { lastReinstatementDay } from '../../shared/policy/reinstatement';
import { mailTexts } from '../mail';
import { composePolicyMail, type PolicyMailContext, profileLink } from '../policy';
import { statementLineText } from './statement-line-text';
import type { MailMessage } from '../mail';
import type { StatementLine } from './statement-lines';

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
  return composePolicyMail(context, 'statement', values, {
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
  return composePolicyMail(context, 'paymentFailed', values, {
    paragraphs: ['policy.paymentFailed.intro', failed.nextAttempt ? 'policy.paymentFailed.retry' : 'policy.paymentFailed.last'],
    href: profileLink(context),
  });
}

/**
 * The notice of cancellation for non-payment (issue 26): what is owed, the day cover ends unless
 * it is paid, how to pay, the reason and the rights the states ask to be told of.
 */
export function nonPaymentNoticeMail(context: PolicyMailContext, notice: { amountCents: number; cancelsOn: string }): MailMessage {
  const { locale } = context;
  const values = {
    amount: formatCents(notice.amountCents, locale),
    date: formatDay(notice.cancelsOn, locale),
    last: formatDay(addDays(notice.cancelsOn, -1), locale),
  };
  return composePolicyMail(context, 'nonPaymentNotice', values, {
    paragraphs: ['policy.nonPaymentNotice.intro', 'policy.nonPaymentNotice.pay', 'policy.nonPaymentNotice.rights'],
    href: profileLink(context),
  });
}

/** The balance is paid: the notice is withdrawn, the policy stays. */
export function nonPaymentWithdrawnMail(context: PolicyMailContext): MailMessage {
  return composePolicyMail(context, 'nonPaymentWithdrawn', {}, { paragraphs: ['policy.nonPaymentWithdrawn.intro'], href: profileLink(context) });
}

/** The notice's day came unpaid: cancelled for non-payment, covered until the day before; reinstated online until the window closes. */
export function cancelledForNonPaymentMail(context: PolicyMailContext, owed: { amountCents: number }): MailMessage {
  const { locale, policy } = context;
  const values = {
    amount: formatCents(owed.amountCents, locale),
    last: formatDay(policy.cancellationDate!, locale),
    until: formatDay(lastReinstatementDay(policy.cancellationDate!), locale),
  };
  return composePolicyMail(context, 'cancelledNonPayment', values, {
    paragraphs: ['policy.cancelledNonPayment.intro', 'policy.cancelledNonPayment.owed', 'policy.cancelledNonPayment.reinstate'],
    href: profileLink(context),
  });
}

/** Reinstated (issue 26): what was charged, cover again from the moment, the days without it, the statement made. */
export function reinstatedMail(context: PolicyMailContext, reinstated: { amountCents: number; at: Date; gapFrom: string }): MailMessage {
  const { locale, policy } = context;
  const values = {
    amount: formatCents(reinstated.amountCents, locale),
    moment: formatCoverStart(reinstated.at, policy.state, locale),
    from: formatDay(reinstated.gapFrom, locale),
  };
  return composePolicyMail(context, 'reinstated', values, {
    paragraphs: ['policy.reinstated.intro', 'policy.reinstated.gap', 'policy.reinstated.statement'],
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
  return composePolicyMail(context, 'budget', values, { paragraphs: ['policy.budget.intro', 'policy.budget.forecast'], href: profileLink(context) });
}
