import request from 'supertest';
import { useTestApp } from '../../support/use-test-app';

describe('GET /api/health', () => {
  const sut = useTestApp();

  it('answers liveness and that the database answers', async () => {
    const res = await request(sut.url).get('/api/health').expect(200);
    expect(res.body).toEqual({
      success: true,
      payload: { status: 'ok', database: 'up', uptimeSeconds: expect.any(Number), renderer: expect.stringMatching(/^(production|development|not-loaded)$/) },
    });
  });

  it('answers liveness (for balancers) without asking the database, and readiness (for alerts) with it', async () => {
    const live = await request(sut.url).get('/api/health/live').expect(200);
    expect(live.body).toEqual({ success: true, payload: { status: 'ok', uptimeSeconds: expect.any(Number), renderer: expect.any(String) } });
    expect(live.headers['set-cookie']).toBeUndefined();
    const ready = await request(sut.url).get('/api/health/ready').expect(200);
    expect(ready.body).toEqual({ success: true, payload: { ...live.body.payload, database: 'up', uptimeSeconds: expect.any(Number) } });
    // The old path keeps its meaning: readiness.
    expect((await request(sut.url).get('/api/health').expect(200)).body).toEqual({
      success: true,
      payload: { ...ready.body.payload, uptimeSeconds: expect.any(Number) },
    });
  });

  it('echoes a given correlation id, and makes one when none is given', async () => {
    const given = await request(sut.url).get('/api/health').set('x-correlation-id', 'abc12345-test').expect(200);
    expect(given.headers['x-correlation-id']).toBe('abc12345-test');
    const made = await request(sut.url).get('/api/health').expect(200);
    expect(made.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('publishes the OpenAPI document', async () => {
    const res = await request(sut.url).get('/api/openapi.json').expect(200);
    expect(res.body.info.title).toBe('Meterly API');
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/health/live', '/api/health/ready']));
  });
});
