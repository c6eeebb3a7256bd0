import { policyDocuments } from '../../../shared/policy/policy-documents';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { policyToday } from '../../lib/dates/local-day';
import { documentUrl } from '../../lib/policy/policy-api';
import type { PolicyDocument, PolicyView } from '../../../shared/policy/policy-model';

/** The documents a policy offers today, in its state's days (policyDocuments). */
export function documentsOf(policy: Pick<PolicyView, 'status' | 'state' | 'cancellationDate'>, today = policyToday(policy.state)): PolicyDocument[] {
  return policyDocuments(policy, today);
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
