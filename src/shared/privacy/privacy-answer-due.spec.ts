import { privacyAnswerDue, privacyAnswerExtended } from './privacy-answer-due';

describe('a privacy request’s answer is due on calendar days', () => {
  it('is due at the end of the 45th day after the day it came, in the zone whose day ends first', () => {
    // Received 2026-06-10 at noon in New York: due at the end of 2026-07-25 there (midnight EDT, 04:00 UTC).
    expect(privacyAnswerDue(new Date('2026-06-10T16:00:00Z'), 45).toISOString()).toBe('2026-07-26T04:00:00.000Z');
  });

  it('does not move by an hour when the clocks change in between (45 × 24 h would)', () => {
    // 2026-10-20 to 2026-12-04 spans the end of daylight time on 2026-11-01: New York's day then ends at 05:00 UTC.
    const received = new Date('2026-10-20T15:00:00Z');
    const due = privacyAnswerDue(received, 45);
    expect(due.toISOString()).toBe('2026-12-05T05:00:00.000Z');
    expect(due.getTime() - received.getTime()).not.toBe(45 * 24 * 3_600_000);
  });

  it('counts the day of receipt where it is: late evening in Phoenix is still that day there, and its end comes first', () => {
    // 2026-03-01T06:00Z is 23:00 on Feb 28 in Phoenix (no daylight time) and 01:00 on Mar 1 in New York.
    // Phoenix: end of Apr 14 = Apr 15 07:00 UTC; New York: end of Apr 15 = Apr 16 04:00 UTC. The earlier holds.
    expect(privacyAnswerDue(new Date('2026-03-01T06:00:00Z'), 45).toISOString()).toBe('2026-04-15T07:00:00.000Z');
  });

  it('an extension adds 45 calendar days to the day the first deadline ended', () => {
    const first = privacyAnswerDue(new Date('2026-06-10T16:00:00Z'), 45); // end of 2026-07-25 in New York
    expect(privacyAnswerExtended(first, 45).toISOString()).toBe('2026-09-09T04:00:00.000Z'); // end of 2026-09-08
  });
});
