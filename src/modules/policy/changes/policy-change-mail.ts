import { formatCents, formatDay } from '../../../shared/format/money';
import { layoutMail, mailTexts } from '../../mail';
import type { PolicyChangeView } from '../../../shared/policy/policy-change-model';
import type { MailAttachment, MailMessage } from '../../mail';
import type { PolicyMailContext } from '../policy-mail';

export type ChangeMailInput = Pick<PolicyChangeView, 'kind' | 'effectiveDate' | 'summary' | 'proration'> &
  Partial<Pick<PolicyChangeView, 'releasesAgentOfRecord'>>;

function compose(context: PolicyMailContext, kind: 'changed' | 'proposed', change: ChangeMailInput, paragraphs: string[]): MailMessage {
  const { locale, policy } = context;
  const t = mailTexts(locale);
  const values = {
    number: policy.number,
    date: formatDay(change.effectiveDate, locale),
    what: t(`policyChange.kinds.${change.kind}`, { ...change.summary }),
    base: formatCents(policy.baseRateCents, locale),
    amount: formatCents(Math.abs(change.proration.amountCents), locale),
    state: change.summary.state ?? policy.state,
  };
  const subject = t(`policyChange.${kind}.subject`, values);
  const insured = policy.drivers.find((d) => !d.relationship) ?? policy.drivers[0];
  const body = layoutMail({
    locale,
    subject,
    preheader: t(`policyChange.${kind}.preheader`),
    greeting: t('policy.greeting', { name: insured.firstName }),
    paragraphs: paragraphs.map((key) => t(key, values)),
    button: { label: t(`policyChange.${kind}.button`), href: `${context.publicUrl}${locale === 'es' ? '/es' : ''}/profile` },
    signature: t('policy.signature'),
    footer: t('magicLink.footer', context.legal),
  });
  return { to: context.to, subject, ...body };
}

/** The change applied: what, from when, the new base rate, the prorated difference, the new documents attached. */
export function policyChangedMail(context: PolicyMailContext, change: ChangeMailInput, documents: MailAttachment[]): MailMessage {
  const amount = change.proration.amountCents;
  const paragraphs = ['policyChange.changed.intro', 'policyChange.changed.rates'];
  if (amount !== 0) paragraphs.push(amount > 0 ? 'policyChange.changed.charge' : 'policyChange.changed.credit');
  paragraphs.push('policyChange.changed.documents');
  return { ...compose(context, 'changed', change, paragraphs), attachments: documents };
}

/** Staff priced a change for the customer: nothing changes until the customer confirms it. */
export function policyChangeProposedMail(context: PolicyMailContext, change: ChangeMailInput): MailMessage {
  // A move out of the agent's states says, before the customer confirms, that the policy passes to the agency (issue 30).
  const agent = change.releasesAgentOfRecord ? ['policyChange.proposed.agentReleased'] : [];
  return compose(context, 'proposed', change, ['policyChange.proposed.intro', ...agent, 'policyChange.proposed.confirm']);
}
