import { useNavigate } from 'react-router';
import { stepAtOrAfter, type PurchaseStep } from '../../../shared/quote/application-model';
import { STEP_PATHS } from '../../../shared/quote/purchase-step-paths';
import { PATHS } from '../../../shared/site-map';
import { useLocale } from '../../i18n/use-locale';
import { useApiQuery } from '../../lib/api/use-api-query';
import { fetchCurrentQuote } from './api/quote-api';
import type { QuoteView } from '../../../shared/quote/quote-model';

/**
 * A page of the purchase: the customer's open quote, once the steps before this page are done.
 * Reached too early (a bookmark, the back button after a change), it sends the customer to the
 * first step not done; without an open quote, to /quote (unless `onNoOpenQuote` took them elsewhere).
 */
export function usePurchasePage(page: PurchaseStep, options: { onNoOpenQuote?: () => Promise<boolean> } = {}) {
  const { to } = useLocale();
  const navigate = useNavigate();
  // Once per page: later changes come from the answers of the saves (setQuote).
  const query = useApiQuery(['purchase-page', page], async () => {
    const result = await fetchCurrentQuote();
    const current = result.ok ? result.value : undefined;
    if (!result.ok || (current && stepAtOrAfter(current.purchaseStep, page))) return result;
    // Sent on (null: loading until the next page shows); a page may know better where a customer without an open quote belongs (true: it went there).
    if (current) void navigate(to(STEP_PATHS[current.purchaseStep]), { replace: true });
    else if (!(await options.onNoOpenQuote?.())) void navigate(to(PATHS.quote), { replace: true });
    return { ok: true as const, value: null };
  });
  const quote = query.state === 'ready' ? query.data : null;
  const setQuote = (saved: QuoteView) => query.setData(() => saved);
  return { quote, setQuote, state: query.state === 'ready' && !quote ? ('loading' as const) : query.state, reload: query.refetch };
}
