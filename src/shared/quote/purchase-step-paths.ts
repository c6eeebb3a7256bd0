import { PATHS } from '../site-map';
import type { PurchaseStep } from './application-model';

/** The page of each step of the purchase: where a quote left at that step is continued. */
export const STEP_PATHS: Record<PurchaseStep, string> = {
  quote: PATHS.quote,
  application: PATHS['quote-application'],
  products: PATHS['quote-products'],
  coverage: PATHS['quote-coverage'],
  payment: PATHS['quote-payment'],
  purchased: PATHS['quote-purchased'],
};
