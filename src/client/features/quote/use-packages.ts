import { useApiQuery } from '../../lib/api/use-api-query';
import { fetchPackages } from './api/quote-api';

/** The three packages priced for the quote's household, and the state's rules. */
export function usePackages(quoteId: string | undefined) {
  const query = useApiQuery(quoteId ? ['packages', quoteId] : null, () => fetchPackages(quoteId ?? ''));
  return { ...(query.state === 'ready' ? query.data : undefined), failed: query.state === 'failed' };
}
