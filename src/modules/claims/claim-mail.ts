import { stepWording } from '../../shared/claims/claim-next-steps';
import { CLAIMS_PHONE } from '../../shared/claims/claims-contact';
import { formatDay } from '../../shared/format/money';
import { localizePath, type Locale } from '../../shared/locale';
import { claimsHelpLine, layoutMail, mailTexts } from '../mail';
import { claimTexts } from './claim-texts';
import type { ClaimView } from '../../shared/claims/claim-model';
import type { MailMessage } from '../mail';

export interface ClaimMailContext {
  to: string;
  locale: Locale;
  /** The first named insured's first name, whom the e-mail greets. */
  name: string;
  claim: ClaimView;
  /** The day it happened, in the policy's state (YYYY-MM-DD). */
  occurredDay: string;
  publicUrl: string;
  legal: { agency: string; insurer: string };
}

function compose(context: ClaimMailContext, kind: 'received' | 'changed' | 'message', paragraphs: string[], values: Record<string, string>): MailMessage {
  const { locale, publicUrl } = context;
  const t = claimTexts(locale);
  const subject = t(`${kind}.subject`, values);
  const body = layoutMail({
    locale,
    subject,
    preheader: t(`${kind}.preheader`, values),
    greeting: t('greeting', { name: context.name }),
    paragraphs,
    button: { label: t(`${kind}.button`), href: `${publicUrl}${localizePath('/profile', locale)}#claim-${context.claim.number}` },
    notes: [claimsHelpLine(locale, publicUrl)],
    signature: t('signature'),
    footer: mailTexts(locale)('magicLink.footer', context.legal),
  });
  return { to: context.to, subject, ...body };
}

/** Sent at once when a claim is reported: its number, what we understood, what happens next. */
export function claimReceivedMail(context: ClaimMailContext): MailMessage {
  const { claim, locale } = context;
  const t = claimTexts(locale);
  const values = {
    number: claim.number,
    kind: t(`kind.${claim.kind}`),
    date: formatDay(context.occurredDay, locale),
    car: claim.vehicle,
    policy: claim.policyNumber,
  };
  const paragraphs = [t('received.intro', values), t('received.next', values), ...followLines(context), ...(claim.injuries ? [t('received.injuries')] : [])];
  return compose(context, 'received', paragraphs, values);
}

/** What happens next on the claim, each step with its day, and who handles it (issue 27); nothing once none is ahead. */
function followLines(context: ClaimMailContext): string[] {
  const { claim, locale } = context;
  const t = claimTexts(locale);
  if (claim.nextSteps.length === 0) return [];
  const steps = claim.nextSteps.map(({ step, by }) => t(`follow.step.${stepWording(step, claim.status)}`, { date: formatDay(by, locale) }));
  const handler = claim.handler.kind === 'agent' ? t('follow.handlerAgent', { ...claim.handler }) : t('follow.handlerTeam', { phone: CLAIMS_PHONE });
  return [[t('follow.nextTitle'), ...steps].join(' '), handler];
}

/** Sent when staff move the claim: its new state and their note. */
export function claimChangedMail(context: ClaimMailContext, note: string): MailMessage {
  const t = claimTexts(context.locale);
  const values = { number: context.claim.number, status: t(`status.${context.claim.status}`), note };
  return compose(context, 'changed', [t('changed.intro', values), t('changed.note', values), ...followLines(context)], values);
}

/**
 * Sent when the claims staff write to the customer: that a message is waiting, from whom, and the
 * link to it. Not the message itself: a conversation may carry what an e-mail should not (a
 * doctor's name, an injury, a bank detail), and the claim page is behind sign-in (docs/decisions.md).
 */
export function claimMessageMail(context: ClaimMailContext, from: string | null): MailMessage {
  const t = claimTexts(context.locale);
  const values = { number: context.claim.number, from: from ?? t('message.team') };
  return compose(context, 'message', [t('message.intro', values), t('message.privacy')], values);
}

/** Who a customer's message on a claim is mailed to: its handler (the selling agent, or the claims team's inbox). */
export interface ClaimHandlerMailContext {
  to: string;
  locale: Locale;
  /** The agent's name; null for the claims team. */
  name: string | null;
  claim: Pick<ClaimView, 'id' | 'number' | 'policyNumber'>;
  /** The customer wrote it, or staff acting for them. */
  onBehalf: boolean;
  publicUrl: string;
  legal: { agency: string; insurer: string };
}

/** Sent to the claim's handler when the customer writes: which claim, and the link to the staff claims screen (the message stays there). */
export function claimMessageForHandlerMail(context: ClaimHandlerMailContext): MailMessage {
  const { locale, claim } = context;
  const t = claimTexts(locale);
  const values = { number: claim.number, policy: claim.policyNumber };
  const subject = t('handlerMessage.subject', values);
  const body = layoutMail({
    locale,
    subject,
    preheader: t('handlerMessage.preheader', values),
    greeting: context.name ? t('greeting', { name: context.name }) : t('handlerMessage.greetingTeam'),
    paragraphs: [t(context.onBehalf ? 'handlerMessage.introOnBehalf' : 'handlerMessage.intro', values), t('handlerMessage.privacy')],
    button: { label: t('handlerMessage.button'), href: `${context.publicUrl}${localizePath('/agent/claims', locale)}?claim=${encodeURIComponent(claim.id)}` },
    signature: t('handlerMessage.signature'),
    footer: mailTexts(locale)('magicLink.footer', context.legal),
  });
  return { to: context.to, subject, ...body };
}
