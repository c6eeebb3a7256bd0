import { api } from '../../../lib/api/api-client';
import { callApi } from '../../../lib/api/api-result';
import type { QuoteView } from '../../../../shared/quote/quote-model';

/** The quote in progress the customer worked on last (the one /quote resumes), or null. */
export const fetchSavedQuote = () => callApi('saved-quote', 'saved quote', () => api<QuoteView | null>('/quotes/current'));
