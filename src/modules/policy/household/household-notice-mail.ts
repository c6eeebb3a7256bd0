import { formatDay } from '../../../shared/format/money';
import { localizePath } from '../../../shared/locale';
import { layoutMail, mailTexts } from '../../mail';
import type { Locale } from '../../../shared/locale';
import type { HouseholdRole } from '../../../shared/policy/household-model';
import type { MailMessage } from '../../mail';

/**
 * What a household's changes tell the person they touch (issue 27, nineteenth session), each in
 * the recipient's language: a role changed (a member's, or the one an invitation will give), a
 * member removed, an invitation withdrawn, a member gone (to the owner). A removed member learns
 * the policy's number and the owner's first name, nothing more of a policy no longer theirs.
 */
interface Common {
  to: string;
  locale: Locale;
  publicUrl: string;
  legal: { agency: string; insurer: string };
}

/** To a member: their role changed and what it allows now; to an invitee: the role their invitation will give. */
export function householdRoleMail(input: Common & { name: string; owner: string; number: string; role: HouseholdRole; pendingUntil?: string }): MailMessage {
  const t = mailTexts(input.locale);
  const key = input.pendingUntil ? 'household.rolePending' : 'household.role';
  const values = {
    name: input.name,
    owner: input.owner,
    number: input.number,
    email: input.to,
    role: t(`household.invite.roles.${input.role}`),
    expires: input.pendingUntil ? formatDay(input.pendingUntil, input.locale) : '',
  };
  return notice(input, {
    subject: t(`${key}.subject`, values),
    preheader: t(`${key}.preheader`, values),
    greeting: t(`${key}.greeting`, values),
    paragraphs: [t(`${key}.intro`, values), t(`${key}.now`, values), t(input.pendingUntil ? `${key}.accept` : `${key}.ownerOnly`, values)],
    button: t(`${key}.button`),
  });
}

/** To a member the owner (or staff for them) removed, or to an invitee whose invitation was withdrawn. */
export function householdRemovedMail(input: Common & { name: string; owner: string; number: string; invitation: boolean }): MailMessage {
  const t = mailTexts(input.locale);
  const key = input.invitation ? 'household.withdrawn' : 'household.removed';
  const values = { name: input.name, owner: input.owner, number: input.number };
  return notice(input, {
    subject: t(`${key}.subject`, values),
    preheader: t(`${key}.preheader`, values),
    greeting: t(`${key}.greeting`, values),
    paragraphs: [t(`${key}.intro`, values)],
    notes: [t(`${key}.note`, values)],
  });
}

/** To the owner: a member left their policy. */
export function householdLeftMail(input: Common & { owner: string; member: string; memberEmail: string; number: string }): MailMessage {
  const t = mailTexts(input.locale);
  const values = { owner: input.owner, member: input.member, email: input.memberEmail, number: input.number };
  return notice(input, {
    subject: t('household.left.subject', values),
    preheader: t('household.left.preheader', values),
    greeting: t('household.left.greeting', values),
    paragraphs: [t('household.left.intro', values), t('household.left.note', values)],
    button: t('household.left.button'),
  });
}

function notice(
  input: Common,
  content: { subject: string; preheader: string; greeting: string; paragraphs: string[]; notes?: string[]; button?: string },
): MailMessage {
  const t = mailTexts(input.locale);
  const body = layoutMail({
    locale: input.locale,
    subject: content.subject,
    preheader: content.preheader,
    greeting: content.greeting,
    paragraphs: content.paragraphs,
    button: content.button ? { label: content.button, href: new URL(localizePath('/profile', input.locale), input.publicUrl).toString() } : undefined,
    notes: content.notes,
    signature: t('policy.signature'),
    footer: t('magicLink.footer', input.legal),
  });
  return { to: input.to, subject: content.subject, ...body };
}
