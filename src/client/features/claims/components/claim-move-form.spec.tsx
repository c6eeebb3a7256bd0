import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../../i18n/create-i18n';
import { sharedI18nView } from '../../../i18n/shared-i18n-view';
import claimsEn from '../../../locales/en-US/claims.json';
import staffEn from '../../../locales/en-US/staff-claims.json';
import claimsEs from '../../../locales/es/claims.json';
import staffEs from '../../../locales/es/staff-claims.json';
import { ClaimMoveForm } from './claim-move-form';
import type { StaffClaimView } from '../../../../shared/claims/claim-model';
import type { ClaimSettleBlock } from '../../../../shared/claims/claim-settlement';
import type { ClaimStatus } from '../../../../shared/claims/claim-states';
import type { Locale } from '../../../../shared/locale';

const TEXTS = { 'en-US': { claims: claimsEn, 'staff-claims': staffEn }, es: { claims: claimsEs, 'staff-claims': staffEs } } as const;

const render = (locale: Locale, status: ClaimStatus, settleBlocked: ClaimSettleBlock | null) =>
  renderToString(
    <I18nextProvider i18n={sharedI18nView(createI18n(locale, TEXTS[locale]))}>
      <ClaimMoveForm claim={{ id: 'c1', status, settleBlocked } as StaffClaimView} onMoved={() => undefined} />
    </I18nextProvider>,
  ).replaceAll('&#x27;', "'");

describe(ClaimMoveForm.name, () => {
  it('offers an agent the triage steps only, and says who settles a claim, in both languages', () => {
    const review = render('en-US', 'under_review', 'agents-do-not-settle');
    expect(review).not.toContain('value="approved"');
    expect(review).not.toContain('value="denied"');
    expect(review).toContain(staffEn.settleBlocked['agents-do-not-settle']);
    const reported = render('es', 'reported', 'agents-do-not-settle');
    expect(reported).toContain('value="under_review"');
    expect(reported).toContain('value="closed"');
    expect(reported).not.toContain(staffEs.settleBlocked['agents-do-not-settle']);
    expect(render('es', 'approved', 'filed-by-you')).toContain(staffEs.settleBlocked['filed-by-you']);
  });

  it('offers every legal step to an admin who did not file the claim', () => {
    const html = render('en-US', 'under_review', null);
    expect(html).toContain('value="approved"');
    expect(html).toContain('value="denied"');
    expect(html).not.toContain('claim-move__blocked');
  });
});
