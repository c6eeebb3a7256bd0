import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PaymentMethodPanel } from '../../components/payment/payment-method-panel';
import { PolicyChangesPanel } from '../../components/policy-changes/policy-changes-panel';
import { useSession } from '../../lib/session/session-context';
import { AccountPanel } from './components/account-panel';
import { PoliciesPanel } from './components/policies-panel';

/** /profile: the customer's policies (documents, cancel, signing what staff bought), account and card. */
export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const { session } = useSession();
  const [params] = useSearchParams();
  return (
    <section className="page page--narrow profile" aria-labelledby="page-title">
      <h1 id="page-title">{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      <PoliciesPanel staff={Boolean(session?.onBehalf)} confirmId={params.get('confirm')} />
      <PolicyChangesPanel staff={Boolean(session?.onBehalf)} />
      <AccountPanel />
      <PaymentMethodPanel />
    </section>
  );
}
