import { CARD_DECLINE_REASONS, DECLINE_REASONS, PLAIN_DECLINE, shownDeclineReason } from './decline-reasons';

describe(shownDeclineReason.name, () => {
  it('keeps a reason the page has a text for', () => {
    for (const reason of DECLINE_REASONS) expect(shownDeclineReason(reason, DECLINE_REASONS)).toBe(reason);
  });

  it('reads a reason the page has no text for, or no reason at all, as the plain decline', () => {
    expect(shownDeclineReason('authentication_required', CARD_DECLINE_REASONS)).toBe(PLAIN_DECLINE);
    expect(shownDeclineReason('stolen_card', DECLINE_REASONS)).toBe('card_declined');
    expect(shownDeclineReason(undefined, DECLINE_REASONS)).toBe('card_declined');
    expect(shownDeclineReason({ reason: 'expired_card' }, DECLINE_REASONS)).toBe('card_declined');
  });

  it('names every bank reason among the reasons a refused payment gives', () => {
    expect(DECLINE_REASONS).toEqual(expect.arrayContaining([...CARD_DECLINE_REASONS]));
  });
});
