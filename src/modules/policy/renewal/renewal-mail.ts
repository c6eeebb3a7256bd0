import { addDays } from '../../../shared/dates/iso-day';
import { formatCents, formatDay } from '../../../shared/format/money';
import { mailTexts } from '../../mail';
import { composePolicyMail, profileLink, type PolicyMailContext } from '../policy-mail';
import type { PolicyView } from '../../../shared/policy/policy-model';
import type { MailAttachment, MailMessage } from '../../mail';

/** The days a renewal's e-mails name: the term's last covered day, the renewal's first, the next term's end. */
function termDays(context: PolicyMailContext) {
  const { policy, locale } = context;
  return {
    number: policy.number,
    last: formatDay(addDays(policy.termEndDate, -1), locale),
    renews: formatDay(policy.termEndDate, locale),
    end: formatDay(policy.termEndDate, locale),
    state: mailTexts(locale)(`states.${policy.state}`),
  };
}

/** The renewal offer: the new term's dates and base rate, how to decline, the new declarations attached. */
export function renewalOfferedMail(context: PolicyMailContext, renewed: PolicyView, declarations: MailAttachment): MailMessage {
  const { locale } = context;
  const values = {
    ...termDays(context),
    end: formatDay(renewed.termEndDate, locale),
    amount: formatCents(renewed.baseRateCents, locale),
    current: formatCents(context.policy.baseRateCents, locale),
  };
  const message = composePolicyMail(context, 'renewalOffered', values, {
    paragraphs: ['policy.renewalOffered.intro', 'policy.renewalOffered.price', 'policy.renewalOffered.decline'],
    href: profileLink(context),
  });
  return { ...message, attachments: [declarations] };
}

export function renewalDeclinedMail(context: PolicyMailContext): MailMessage {
  return composePolicyMail(context, 'renewalDeclined', termDays(context), {
    paragraphs: ['policy.renewalDeclined.intro', 'policy.renewalDeclined.final'],
    href: profileLink(context),
  });
}

/** Meterly's own non-renewal: the reason, the last covered day, the rights the states ask to be told of. */
export function notRenewedMail(context: PolicyMailContext): MailMessage {
  return composePolicyMail(context, 'notRenewed', termDays(context), {
    paragraphs: ['policy.notRenewed.intro', 'policy.notRenewed.rights'],
    href: profileLink(context),
  });
}

/** The term ended without a renewal. `context.policy` is read as of the day before it ended. */
export function expiredMail(context: PolicyMailContext): MailMessage {
  return composePolicyMail(context, 'expired', termDays(context), { paragraphs: ['policy.expired.intro', 'policy.expired.final'], href: profileLink(context) });
}
