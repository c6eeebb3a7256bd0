import { messagesUntil, takesMessages } from './claim-messages';

describe(messagesUntil.name, () => {
  it('has no end while the claim is open, and ends 60 days after it closed', () => {
    expect(messagesUntil(null)).toBeNull();
    expect(messagesUntil('2026-11-01T10:00:00.000Z')).toBe('2026-12-31T10:00:00.000Z');
  });
});

describe(takesMessages.name, () => {
  it('takes messages before the end, never at it or after', () => {
    const until = '2026-12-31T10:00:00.000Z';
    expect(takesMessages(null, new Date('2030-01-01T00:00:00Z'))).toBe(true);
    expect(takesMessages(until, new Date('2026-12-31T09:59:59.999Z'))).toBe(true);
    expect(takesMessages(until, new Date(until))).toBe(false);
  });
});
