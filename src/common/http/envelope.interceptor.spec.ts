import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { lastValueFrom, of } from 'rxjs';
import { EnvelopeInterceptor } from './envelope.interceptor';
import { RawResponse } from './raw-response.decorator';

class Handlers {
  payload(): void {}
  @RawResponse('a third party reads this body')
  raw(): void {}
}

function contextFor(handler: keyof Handlers, type = 'http'): ExecutionContext {
  return { getType: () => type, getHandler: () => Handlers.prototype[handler], getClass: () => Handlers } as unknown as ExecutionContext;
}

const answering = (value: unknown): CallHandler => ({ handle: () => of(value) });

describe(EnvelopeInterceptor.name, () => {
  const sut = new EnvelopeInterceptor(new Reflector());

  it('wraps what a handler returns in the success envelope', async () => {
    await expect(lastValueFrom(sut.intercept(contextFor('payload'), answering({ id: 'q1' })))).resolves.toEqual({ success: true, payload: { id: 'q1' } });
  });

  it('answers a handler that returns nothing with the bare success flag once serialized', async () => {
    const body = await lastValueFrom(sut.intercept(contextFor('payload'), answering(undefined)));
    expect(JSON.stringify(body)).toBe('{"success":true}');
  });

  it('keeps null as the payload (a "none yet" answer, not an absent one)', async () => {
    await expect(lastValueFrom(sut.intercept(contextFor('payload'), answering(null)))).resolves.toEqual({ success: true, payload: null });
  });

  it('leaves a handler marked @RawResponse, and anything not HTTP, as it is', async () => {
    await expect(lastValueFrom(sut.intercept(contextFor('raw'), answering({ ok: 1 })))).resolves.toEqual({ ok: 1 });
    await expect(lastValueFrom(sut.intercept(contextFor('payload', 'rpc'), answering({ ok: 1 })))).resolves.toEqual({ ok: 1 });
  });
});
