import { addDays } from '../../shared/dates/iso-day';
import { formatCents, formatDay } from '../../shared/format/money';
import { cardBrandName } from '../../shared/payment/card-brands';
import { FINAL_MILES_DAYS } from '../../shared/policy/policy-model';
import { claimsHelpLine, layoutMail, mailTexts } from '../mail';
import type { CancellationQuote } from '../../shared/billing/cancellation-quote';
import type { Locale } from '../../shared/locale';
import type { PolicyView } from '../../shared/policy/policy-model';
import type { RejectableCoverage } from '../../shared/quote/coverage-model';
import type { MailAttachment, MailMessage } from '../mail';

export interface PolicyMailContext {
  to: string;
  locale: Locale;
  policy: PolicyView;
  /** The site's origin, for links. */
  publicUrl: string;
  legal: { agency: string; insurer: string };
}

/** The customer's profile on the site, in their language (with `query`). */
export function profileLink(context: PolicyMailContext, query = ''): string {
  return `${context.publicUrl}${context.locale === 'es' ? '/es' : ''}/profile${query}`;
}

/** The first named insured's first name: whom a policy's (and its claims') e-mails greet. */
export function insuredFirstName(policy: Pick<PolicyView, 'drivers'>): string {
  return (policy.drivers.find((d) => !d.relationship) ?? policy.drivers[0]).firstName;
}

/**
 * A policy e-mail from its texts (`policy.<kind>.*` in mail's catalogue): the greeting, the
 * paragraphs and lines, the button, the claims help line and the signature. Billing's and miles'
 * e-mails about a policy are written with it too.
 */
export function composePolicyMail(
  context: PolicyMailContext,
  kind: string,
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
  const message = composePolicyMail(context, 'purchased', values, {
    paragraphs: ['policy.purchased.intro', 'policy.purchased.charged', 'policy.purchased.idCard', 'policy.purchased.next'],
    href: profileLink(context),
  });
  return { ...message, attachments: [idCard] };
}

/**
 * To the customer, when staff bought for them: review and sign before anything is charged. Each
 * coverage staff turned down is named (issue 26): the customer signs each one when confirming.
 */
export function policyReviewMail(context: PolicyMailContext, agentName: string, last4: string, rejected: readonly RejectableCoverage[] = []): MailMessage {
  const t = mailTexts(context.locale);
  const rejections = rejected.length
    ? [
        t('policy.review.rejections', { agent: agentName }),
        ...rejected.map((key) => `• ${t(`policy.review.rejected.${key}`)}`),
        t('policy.review.rejectionsSign'),
      ]
    : [];
  return composePolicyMail(
    context,
    'review',
    { ...datesOf(context), agent: agentName, last4 },
    {
      paragraphs: ['policy.review.intro', 'policy.review.charge'],
      lines: rejections,
      notes: ['policy.review.notYou'],
      href: profileLink(context, `?confirm=${context.policy.id}`),
    },
  );
}

/**
 * Cancelled: until when it covers, and what the final statement gives back or asks (the unused
 * base rate less the miles so far, the cancel dialog's own figure), the cancellation notice attached.
 */
export function policyCancelledMail(context: PolicyMailContext, quote: CancellationQuote | null, notice: MailAttachment): MailMessage {
  const { locale } = context;
  const lastDay = context.policy.cancellationDate!;
  const values = {
    ...datesOf(context),
    date: formatDay(lastDay, locale),
    amount: formatCents(Math.abs(quote?.totalCents ?? 0), locale),
    credit: formatCents(quote?.creditCents ?? 0, locale),
    milesAmount: formatCents(quote?.milesCents ?? 0, locale),
    statement: formatDay(addDays(lastDay, FINAL_MILES_DAYS + 1), locale),
  };
  // Cancelled on a period's last day nothing is given back: the statement only bills the miles.
  const due = quote && quote.creditCents === 0 ? 'policy.cancelled.dueNoCredit' : 'policy.cancelled.due';
  const figure = !quote ? [] : [quote.totalCents < 0 ? 'policy.cancelled.refund' : quote.totalCents > 0 ? due : 'policy.cancelled.even'];
  const message = composePolicyMail(context, 'cancelled', values, {
    paragraphs: ['policy.cancelled.intro', 'policy.cancelled.final', ...figure, 'policy.cancelled.notice'],
    href: profileLink(context),
  });
  return { ...message, attachments: [notice] };
}
