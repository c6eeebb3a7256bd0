import { uuidOrNotFound } from '../../common/pipes/uuid-or-not-found.pipe';
import { QuoteErrorCode, QuoteException } from './quote.exception';

/** A quote id that cannot exist is simply not found (404), like one that is not yours. */
export const QuoteIdPipe = uuidOrNotFound(() => new QuoteException(QuoteErrorCode.NotFound));
