import { useEffect, useState } from 'react';
import type { StateRules } from '../../../shared/quote/coverage-model';
import { fetchPackages, type PackagePrice } from './api/quote-api';

/** The three packages priced for the quote's household, and the state's rules. */
export function usePackages(quoteId: string | undefined) {
  const [data, setData] = useState<{ packages: PackagePrice[]; rules: StateRules }>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!quoteId) return;
    let live = true;
    void fetchPackages(quoteId).then((result) => {
      if (!live) return;
      if (result.ok) setData(result.value);
      else setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [quoteId]);
  return { ...data, failed };
}
