import { useCallback, useState } from 'react';
import type { QuoteAnswers } from '../../../shared/quote/quote-model';
import type { Problems } from '../../../shared/quote/quote-validation';
import { useApiQuery } from '../../lib/api/use-api-query';
import { continueQuote, createQuote, fetchCurrentQuote, updateQuote, type LicenceRefusal, type QuoteFailure } from './api/quote-api';

export type LoadState = 'loading' | 'ready' | 'failed';

/**
 * The visitor's quote: resumed from the server on load (it is saved as it is filled in, under
 * the browser's anonymousId or the account), created on the first answer, saved step by step.
 */
export function useQuoteFlow() {
  const query = useApiQuery(['current-quote'], fetchCurrentQuote);
  const load: LoadState = query.state;
  const quote = query.state === 'ready' ? query.data : null;
  const { setData, refetch: reload } = query;
  const [problems, setProblems] = useState<Problems>({});
  const [notServed, setNotServed] = useState<{ zip: string; state: string }>();
  const [declined, setDeclined] = useState(false);
  const [notLicensed, setNotLicensed] = useState<LicenceRefusal>();
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);

  /** Saves one step's answers; true when saved. */
  const save = useCallback(
    async (answers: QuoteAnswers): Promise<boolean> => {
      setSaving(true);
      setProblems({});
      setFailed(false);
      setDeclined(false);
      setNotLicensed(undefined);
      const result = quote ? await updateQuote(quote.id, answers) : await createQuote(answers);
      setSaving(false);
      if (result.ok) {
        setData(() => result.value);
        setNotServed(undefined);
        return true;
      }
      const failure = result.failure;
      if (failure.kind === 'invalid') setProblems(failure.problems);
      else if (failure.kind === 'not-served') setNotServed({ zip: answers.zip ?? '', state: failure.state });
      else if (failure.kind === 'declined') setDeclined(true);
      else if (failure.kind === 'not-licensed') setNotLicensed(failure.refusal);
      else if (failure.kind === 'not-found') reload();
      else setFailed(true);
      return false;
    },
    [quote, setData, reload],
  );

  const submit = useCallback(
    async (email?: string): Promise<QuoteFailure | undefined> => {
      if (!quote) return { kind: 'failed' };
      setSaving(true);
      const result = await continueQuote(quote.id, email);
      setSaving(false);
      return result.ok ? undefined : result.failure;
    },
    [quote],
  );

  return { load, quote, problems, notServed, clearNotServed: () => setNotServed(undefined), declined, notLicensed, saving, failed, save, submit, reload };
}
