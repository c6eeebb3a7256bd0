import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { stepAtOrAfter, type PurchaseStep } from '../../../shared/quote/application-model';
import type { QuoteView } from '../../../shared/quote/quote-model';
import { PATHS } from '../../../shared/site-map';
import { useLocale } from '../../i18n/use-locale';
import { fetchCurrentQuote } from './api/quote-api';

/** The page of each step of the purchase. */
export const STEP_PATHS: Record<PurchaseStep, string> = {
  quote: PATHS.quote,
  application: PATHS['quote-application'],
  products: PATHS['quote-products'],
  coverage: PATHS['quote-coverage'],
  payment: PATHS['quote-payment'],
  purchased: PATHS['quote-purchased'],
};

/**
 * A page of the purchase: the customer's open quote, once the steps before this page are done.
 * Reached too early (a bookmark, the back button after a change), it sends the customer to the
 * first step not done; without an open quote, to /quote (unless `onNoOpenQuote` took them elsewhere).
 */
export function usePurchasePage(page: PurchaseStep, options: { onNoOpenQuote?: () => Promise<boolean> } = {}) {
  const { to } = useLocale();
  const navigate = useNavigate();
  const [quote, setQuote] = useState<QuoteView | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  const load = useCallback(async () => {
    setState('loading');
    const result = await fetchCurrentQuote();
    if (!result.ok) return setState('failed');
    const current = result.value;
    // A page may know better where a customer without an open quote belongs (true: it went there).
    if (!current && (await options.onNoOpenQuote?.())) return;
    if (!current) return void navigate(to(PATHS.quote), { replace: true });
    if (!stepAtOrAfter(current.purchaseStep, page)) return void navigate(to(STEP_PATHS[current.purchaseStep]), { replace: true });
    setQuote(current);
    setState('ready');
  }, [navigate, page, to]);

  useEffect(() => {
    void load();
    // Once per page: later changes come from the answers of the saves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page]);

  return { quote, setQuote, state, reload: load };
}
