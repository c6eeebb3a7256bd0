import { CLS_REQ, ClsServiceManager } from 'nestjs-cls';
import { isOnBehalf, personOf } from './actor';
import { currentActor, currentRequest, markAudited, wasAudited } from './request-context';
import type { Request } from 'express';

const requestWith = (session: object, id = 'corr-1') => ({ session, id }) as unknown as Request;

/** Runs `body` in a request context for `req`, as nestjs-cls's middleware opens one for each request. */
function answering<T>(req: Request, body: () => T): T {
  const cls = ClsServiceManager.getClsService();
  return cls.run(() => {
    cls.set(CLS_REQ, req);
    return body();
  });
}

describe('currentActor', () => {
  it('reads a visitor as a customer with no account, keeping the browser ids', () => {
    const sut = answering(requestWith({ anonymousId: 'a1', visitorKey: 'v1', locale: 'es' }), currentActor);
    expect(sut).toMatchObject({ userId: undefined, role: 'customer', anonymousId: 'a1', visitorKey: 'v1', locale: 'es', correlationId: 'corr-1' });
    expect(isOnBehalf(sut)).toBe(false);
  });

  it('reads staff acting for a customer: the customer as the account, the staff member as the person at the keyboard', () => {
    const sut = answering(
      requestWith({ userId: 'c1', userEmail: 'c@example.com', role: 'agent', producerId: 'MTR-1', staffUserId: 's1', staffEmail: 's@example.com' }),
      currentActor,
    );
    expect(sut).toMatchObject({ userId: 'c1', email: 'c@example.com', role: 'agent', producerId: 'MTR-1', staff: { userId: 's1', email: 's@example.com' } });
    expect(isOnBehalf(sut)).toBe(true);
    expect(personOf(sut)).toBe('s1');
  });

  it('builds the actor once per request, taken before a handler may change the session, and knows its request', () => {
    const req = requestWith({ userId: 'u1', userEmail: 'u@example.com' });
    answering(req, () => {
      const first = currentActor();
      req.session.userId = 'someone-else';
      expect(currentActor()).toBe(first);
      expect(first.userId).toBe('u1');
      expect(currentRequest()).toBe(req);
    });
  });

  it('gives each request its own actor', () => {
    const one = answering(requestWith({ userId: 'u1', userEmail: 'u@example.com' }), currentActor);
    const other = answering(requestWith({ userId: 'u2', userEmail: 'v@example.com' }), currentActor);
    expect([one.userId, other.userId]).toEqual(['u1', 'u2']);
  });

  it('refuses to name a request or an actor outside a request', () => {
    expect(() => currentRequest()).toThrow();
    expect(() => currentActor()).toThrow();
  });
});

describe('markAudited', () => {
  it("marks only the request it is called in, and is a no-op outside one (a job's audit entry)", () => {
    answering(requestWith({}), () => {
      expect(wasAudited()).toBe(false);
      markAudited();
      expect(wasAudited()).toBe(true);
    });
    answering(requestWith({}), () => expect(wasAudited()).toBe(false));
    expect(() => markAudited()).not.toThrow();
    expect(wasAudited()).toBe(false);
  });

  it('keeps a mark made inside a transaction of the request (run in a copy of its context, as txHost.withTransaction does)', () => {
    answering(requestWith({}), () => {
      const cls = ClsServiceManager.getClsService();
      expect(wasAudited()).toBe(false);
      cls.run({ ifNested: 'inherit' }, () => markAudited());
      expect(wasAudited()).toBe(true);
    });
  });
});
