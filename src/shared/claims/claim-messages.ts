/**
 * A claim's messages (issue 27): the customer and the claims staff write to each other on the
 * claim while it is open, and for 60 days after it closed (a question about the payment or the
 * closing letter); after that the thread is kept and shown, and the phone takes the rest.
 */
export const CLAIM_MESSAGE_MAX_LENGTH = 2000;
export const CLAIM_MESSAGE_DAYS_AFTER_CLOSE = 60;

const DAY_MS = 86_400_000;

/** Until when a claim takes messages: null while it is open (no end), else 60 days after it closed. */
export function messagesUntil(closedAt: string | Date | null): string | null {
  return closedAt === null ? null : new Date(new Date(closedAt).getTime() + CLAIM_MESSAGE_DAYS_AFTER_CLOSE * DAY_MS).toISOString();
}

/** Whether a message may be written now. */
export function takesMessages(until: string | null, now: Date): boolean {
  return until === null || now.getTime() < Date.parse(until);
}
