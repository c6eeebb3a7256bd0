/**
 * @jest-environment node
 */
import { apiUrl, CancelError, configureRequests, request } from './request';

describe(apiUrl.name, () => {
  it.each([
    ['/session', '/api/session'],
    ['session', '/api/session'],
    ['/api/session', '/api/session'],
    ['/api', '/api'],
    ['https://partner.example/x', 'https://partner.example/x'],
    ['http://partner.example/x', 'http://partner.example/x'],
    ['/apiary', '/api/apiary'],
  ])('maps %s to %s', (path, url) => {
    expect(apiUrl(path)).toBe(url);
  });
});

describe(request.name, () => {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  let answer: () => Response | Promise<Response>;

  beforeEach(() => {
    calls.length = 0;
    answer = () => new Response(JSON.stringify({ success: true }), { headers: { 'content-type': 'application/json; charset=utf-8' } });
    global.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: url instanceof Request ? url.url : url.toString(), init: init ?? {} });
      return answer();
    }) as typeof fetch;
    configureRequests({ appEnv: 'STAGING', appVersion: '2.0.0', buildNumber: '417', deploymentId: 'dep-9' }, 'es');
  });

  it('sends objects as JSON with the app headers, and a fresh correlation id each time', async () => {
    await expect(request('/session', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ success: true });
    await request('/session');
    const [first, second] = calls.map((c) => new Headers(c.init.headers));
    expect(calls[0].url).toBe('/api/session');
    expect(calls[0].init.body).toBe('{"a":1}');
    expect(first.get('content-type')).toBe('application/json');
    expect(first.get('x-app-id')).toBe('meterly-web-STAGING');
    expect(first.get('x-app-version')).toBe('2.0.0');
    expect(first.get('x-app-build-number')).toBe('417');
    expect(first.get('x-app-deployment-id')).toBe('dep-9');
    expect(first.get('accept-language')).toBe('es');
    expect(first.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.get('x-correlation-id')).not.toBe(first.get('x-correlation-id'));
  });

  it('keeps a given correlation id', async () => {
    await request('/session', { correlationId: 'abc-123-given' });
    expect(new Headers(calls[0].init.headers).get('x-correlation-id')).toBe('abc-123-given');
  });

  it('defaults the app id to PRODUCTION and sends no deployment id when there is none', async () => {
    configureRequests({ appEnv: '', appVersion: '2.0.0', buildNumber: '1' });
    await request('/session');
    const headers = new Headers(calls[0].init.headers);
    expect(headers.get('x-app-id')).toBe('meterly-web-PRODUCTION');
    expect(headers.has('x-app-deployment-id')).toBe(false);
  });

  it('parses JSON only when the content type says so, else returns text', async () => {
    answer = () => new Response('plain words', { headers: { 'content-type': 'text/plain' } });
    await expect(request('/x')).resolves.toBe('plain words');
  });

  it('throws a non-OK answer as the Response itself', async () => {
    answer = () => new Response('{"success":false}', { status: 429, headers: { 'content-type': 'application/json' } });
    const thrown = await request('/x').catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(429);
  });

  it('turns an aborted request into an error named CancelError', async () => {
    answer = () => Promise.reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
    const controller = new AbortController();
    controller.abort();
    const thrown = await request('/x', { signal: controller.signal }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(CancelError);
    expect((thrown as Error).name).toBe('CancelError');
  });
});
