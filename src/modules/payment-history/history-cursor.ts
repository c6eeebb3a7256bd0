import { PaymentHistoryErrorCode, PaymentHistoryException } from './payment-history.exception';
import type { HistoryCursor } from '../payments';

const SHAPE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)~([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** A page's end as the browser carries it: opaque, the last entry's time (to the microsecond) and id. */
export function encodeCursor(cursor: HistoryCursor): string {
  return Buffer.from(`${cursor.at}~${cursor.id}`).toString('base64url');
}

/** The cursor the browser sent back, or a 400 for one we never made. */
export function decodeCursor(text: string | undefined): HistoryCursor | null {
  if (text === undefined || text === '') return null;
  const match = SHAPE.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!match || Number.isNaN(Date.parse(match[1]))) throw new PaymentHistoryException(PaymentHistoryErrorCode.CursorInvalid);
  return { at: match[1], id: match[2] };
}
