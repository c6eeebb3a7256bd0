import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { documentUrl } from '../../lib/policy/policy-api';
import type { PolicyView } from '../../../shared/policy/policy-model';

/**
 * The ID card and the declarations page as PDF downloads in the page's language. Plain links:
 * the server answers them as attachments, so they work without our script and on phones. A
 * policy waiting for the customer's signature has no ID card yet.
 */
export function PolicyDocuments({ policy }: { policy: Pick<PolicyView, 'id' | 'number' | 'status'> }) {
  const { t } = useTranslation('policy');
  const { locale } = useLocale();
  const documents = policy.status === 'pending-confirmation' ? (['declarations'] as const) : (['id-card', 'declarations'] as const);
  return (
    <ul className="documents" aria-label={t('documents.label', { number: policy.number })}>
      {documents.map((document) => (
        <li key={document}>
          <a className="documents__link" href={documentUrl(policy.id, document, locale)} download>
            {t(`documents.${document}`)} <span className="muted">{t('documents.pdf')}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
