import { proxyTrust } from './proxy-trust';

describe(proxyTrust.name, () => {
  it('trusts no one by default', () => {
    const sut = proxyTrust([]);
    expect(['127.0.0.1', '::1', '10.0.0.1', undefined].map(sut)).toEqual([false, false, false, false]);
  });

  it('reads the names Express knows as the same ranges', () => {
    const sut = proxyTrust(['loopback', 'uniquelocal']);
    expect(['127.0.0.1', '127.0.0.9', '::1', '::ffff:127.0.0.1', '10.1.2.3', '192.168.0.7', 'fd00::1'].map(sut)).toEqual(Array(7).fill(true));
    expect(['203.0.113.9', '169.254.1.1', '2001:db8::1'].map(sut)).toEqual([false, false, false]);
    expect(proxyTrust(['linklocal'])('169.254.1.1')).toBe(true);
  });

  it('trusts exactly the addresses and networks named', () => {
    const sut = proxyTrust(['127.0.0.1', '10.0.0.0/8']);
    expect(['127.0.0.1', '::ffff:127.0.0.1', '10.200.0.1'].map(sut)).toEqual([true, true, true]);
    expect(['127.0.0.2', '::1', '11.0.0.1'].map(sut)).toEqual([false, false, false]);
  });
});
