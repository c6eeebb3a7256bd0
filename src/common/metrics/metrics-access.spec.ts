import { DEFAULT_METRICS_ALLOW_FROM, isCidr, metricsAccess } from './metrics-access';

describe('metricsAccess', () => {
  it('lets only loopback in by default', () => {
    const allowed = metricsAccess(DEFAULT_METRICS_ALLOW_FROM);
    expect(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'].map(allowed)).toEqual([true, true, true, true]);
    expect(['10.0.0.1', '::ffff:10.0.0.1', '2001:db8::1', '', undefined, 'unknown'].map(allowed)).toEqual([false, false, false, false, false, false]);
  });

  it('matches configured networks and single addresses', () => {
    const allowed = metricsAccess(['10.1.0.0/16', '192.168.5.7', '2001:db8::/32']);
    expect(['10.1.200.3', '192.168.5.7', '2001:db8:1::5'].map(allowed)).toEqual([true, true, true]);
    expect(['10.2.0.1', '192.168.5.8', '127.0.0.1', '2001:db9::1'].map(allowed)).toEqual([false, false, false, false]);
  });

  it.each([
    ['10.0.0.0/8', true],
    ['::1', true],
    ['2001:db8::/129', false],
    ['10.0.0.0/33', false],
    ['10.0.0/8', false],
    ['localhost', false],
    ['10.0.0.1/8/2', false],
    ['', false],
  ])('reads %j as a CIDR: %s', (entry, ok) => {
    expect(isCidr(entry)).toBe(ok);
  });
});
