import type { TFunction } from 'i18next';
import type { ApiErrorCode } from '../../../shared/api/error-codes';

/** Past the one-a-minute limit the wait is seconds; past five an hour, minutes. */
const LONG_WAIT_SECONDS = 90;

/** "We just sent you a link. You can ask for another in N seconds." (sign-in namespace). */
export function linkWaitText(t: TFunction, seconds: number): string {
  if (seconds > LONG_WAIT_SECONDS) return t('sign-in:recentlySent.minutes', { minutes: Math.ceil(seconds / 60) });
  if (seconds <= 1) return t('sign-in:recentlySent.moment');
  return t('sign-in:recentlySent.seconds', { seconds });
}

/** A refusal of the link because one went to this address moments ago. */
export const isLinkRecentlySent = (failure: { status: number; code?: ApiErrorCode }) => failure.status === 429 && failure.code === 'LINK_RECENTLY_SENT';
