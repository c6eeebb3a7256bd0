import { api } from '../../../lib/api/api-client';
import { callApi } from '../../../lib/api/api-result';
import type { PaymentHistoryPage } from '../../../../shared/payment/payment-history-model';

/** A page of the payment history, newest first; `cursor` is the `next` of the page before. */
export const fetchPaymentHistory = (cursor?: string) =>
  callApi('payment-history', 'payment history', () => api<PaymentHistoryPage>(`/payment-history${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`));
