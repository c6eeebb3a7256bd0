import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { policyToday } from '../../lib/dates/local-day';
import { documentUrl } from '../../lib/policy/policy-api';
import type { PolicyDocument, PolicyView } from '../../../shared/policy/policy-model';

/**
 * The documents a policy offers today: none is proof of cover it no longer gives. A policy
 * waiting for the customer's signature has no ID card yet; a cancelled one has its cancellation
 * notice, and its ID card only until the end of its last covered day (the server refuses it after).
 */
export function documentsOf(policy: Pick<PolicyView, 'status' | 'state' | 'cancellationDate'>, today = policyToday(policy.state)): PolicyDocument[] {
  if (policy.status === 'pending-confirmation') return ['declarations'];
  if (policy.status === 'active') return ['id-card', 'declarations'];
  const covered = policy.cancellationDate !== undefined && today <= policy.cancellationDate;
  // An expired policy (not renewed, issue 26) was not cancelled: no cancellation notice.
  return [...(covered ? (['id-card'] as const) : []), 'declarations', ...(policy.status === 'cancelled' ? (['cancellation-notice'] as const) : [])];
}

/**
 * The policy's documents as PDF downloads in the page's language. Plain links: the server
 * answers them as attachments, so they work without our script and on phones. Each link's name
 * says which policy (hidden text): a customer with two has the same links twice, and a screen
 * reader's list of links reads them out of their list.
 */
export function PolicyDocuments({ policy }: { policy: Pick<PolicyView, 'id' | 'number' | 'status' | 'state' | 'cancellationDate'> }) {
  const { t } = useTranslation('policy');
  const { locale } = useLocale();
  return (
    <ul className="documents" aria-label={t('documents.label', { number: policy.number })}>
      {documentsOf(policy).map((document) => (
        <li key={document}>
          <a className="documents__link" href={documentUrl(policy.id, document, locale)} download>
            {t(`documents.${document}`)} <span className="muted">{t('documents.pdf')}</span>{' '}
            <span className="visually-hidden">{t('documents.ofPolicy', { number: policy.number })}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
