import { useSearchParams } from 'react-router';
import { ClaimsPanel } from '../../components/claims/claims-panel';
import { PaymentMethodPanel } from '../../components/payment/payment-method-panel';
import { PolicyChangesPanel } from '../../components/policy-changes/policy-changes-panel';
import { useTranslation } from '../../i18n/use-translation';
import { useSession } from '../../lib/session/session-context';
import { AccountPanel } from './components/account-panel';
import { PoliciesPanel } from './components/policies-panel';
import { HouseholdPanel } from './household/household-panel';
import { LocationPanel } from './location/location-panel';
import { PaymentHistoryPanel } from './payment-history/payment-history-panel';
import { DeleteAccountPanel } from './privacy/delete-account-panel';
import { SavedQuotePanel } from './saved-quote/saved-quote-panel';
import { SharedPoliciesPanel } from './shared-policies/shared-policies-panel';
import { YourDataPanel } from './your-data/your-data-panel';

/** /profile: the customer's policies (documents, cancel, signing what staff bought), account and card. */
export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const { session } = useSession();
  const [params] = useSearchParams();
  return (
    <section className="page page--narrow profile" aria-labelledby="page-title">
      <h1 id="page-title">{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      <SavedQuotePanel />
      <PoliciesPanel staff={Boolean(session?.onBehalf)} confirmId={params.get('confirm')} />
      <SharedPoliciesPanel />
      <ClaimsPanel />
      <PolicyChangesPanel staff={Boolean(session?.onBehalf)} />
      <HouseholdPanel />
      <AccountPanel />
      <LocationPanel />
      <YourDataPanel />
      <PaymentMethodPanel />
      <PaymentHistoryPanel />
      <DeleteAccountPanel />
    </section>
  );
}
