import type { Request } from 'express';
import { isOnBehalf, personOf } from './actor';
import { actorOf, requestOf } from './current-actor.decorator';

const requestWith = (session: object, id = 'corr-1') => ({ session, id }) as unknown as Request;

describe('actorOf', () => {
  it('reads a visitor as a customer with no account, keeping the browser ids', () => {
    const sut = actorOf(requestWith({ anonymousId: 'a1', visitorKey: 'v1', locale: 'es' }));
    expect(sut).toMatchObject({ userId: undefined, role: 'customer', anonymousId: 'a1', visitorKey: 'v1', locale: 'es', correlationId: 'corr-1' });
    expect(isOnBehalf(sut)).toBe(false);
  });

  it('reads staff acting for a customer: the customer as the account, the staff member as the person at the keyboard', () => {
    const sut = actorOf(requestWith({ userId: 'c1', userEmail: 'c@example.com', role: 'agent', producerId: 'MTR-1', staffUserId: 's1', staffEmail: 's@example.com' }));
    expect(sut).toMatchObject({ userId: 'c1', email: 'c@example.com', role: 'agent', producerId: 'MTR-1', staff: { userId: 's1', email: 's@example.com' } });
    expect(isOnBehalf(sut)).toBe(true);
    expect(personOf(sut)).toBe('s1');
  });

  it('builds the actor once per request, taken before a handler may change the session, and knows its request', () => {
    const req = requestWith({ userId: 'u1', userEmail: 'u@example.com' });
    const first = actorOf(req);
    req.session.userId = 'someone-else';
    expect(actorOf(req)).toBe(first);
    expect(first.userId).toBe('u1');
    expect(requestOf(first)).toBe(req);
  });

  it('refuses to name a request for an actor that was not read from one', () => {
    expect(() => requestOf({ role: 'customer', correlationId: null })).toThrow();
  });
});
