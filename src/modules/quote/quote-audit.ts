import type { QuoteView } from '../../shared/quote/quote-model';
import type { AuditContext } from '../on-behalf';

/** A quote's audit target when staff change it for a customer: its reference. */
export const quoteReference = ({ answer }: AuditContext<QuoteView>): string => answer.reference;
