import { formatDay, formatNumber } from '../../shared/format/money';
import { vehicleName, type QuoteVehicle } from '../../shared/quote/quote-model';
import { claimsHelpLine, layoutMail, mailTexts } from '../mail';
import { composePolicyMail, type PolicyMailContext, profileLink } from '../policy';
import type { MailMessage } from '../mail';

/** Nothing has come in for a while: send a reading (days without miles are never estimated). */
export function milesReminderMail(context: PolicyMailContext, quiet: { since: string }): MailMessage {
  const values = { number: context.policy.number, since: formatDay(quiet.since, context.locale) };
  return composePolicyMail(context, 'milesReminder', values, {
    paragraphs: ['policy.milesReminder.intro', 'policy.milesReminder.how', 'policy.milesReminder.noPenalty'],
    href: profileLink(context),
  });
}

export interface DisputeDecision {
  vehicle: Pick<QuoteVehicle, 'year' | 'make' | 'model'> | null;
  day: string;
  decision: 'accepted' | 'rejected';
  miles: number;
  note: string | null;
}

/** Staff decided a day the customer disputed: the miles we now count, or that we kept ours, and their note. */
export function disputeDecidedMail({ to, locale, policy: view, publicUrl, legal }: PolicyMailContext, decided: DisputeDecision): MailMessage {
  const t = mailTexts(locale);
  const values = {
    number: view.number,
    day: formatDay(decided.day, locale),
    car: decided.vehicle ? vehicleName(decided.vehicle) : '',
    miles: formatNumber(decided.miles, locale),
    note: decided.note ?? '',
  };
  const key = `policy.disputeDecided.${decided.decision}`;
  const subject = t(`${key}.subject`, values);
  const insured = view.drivers.find((d) => !d.relationship) ?? view.drivers[0];
  const body = layoutMail({
    locale,
    subject,
    preheader: t(`${key}.preheader`, values),
    greeting: t('policy.greeting', { name: insured.firstName }),
    paragraphs: [t(`${key}.intro`, values), t(`${key}.next`, values), ...(decided.note ? [t('policy.disputeDecided.note', values)] : [])],
    button: { label: t('policy.disputeDecided.button'), href: `${publicUrl}${locale === 'es' ? '/es' : ''}/profile` },
    notes: [claimsHelpLine(locale, publicUrl)],
    signature: t('policy.signature'),
    footer: t('magicLink.footer', legal),
  });
  return { to, subject, ...body };
}
