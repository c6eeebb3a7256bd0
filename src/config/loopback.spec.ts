import { isLoopbackHost } from './loopback';

describe(isLoopbackHost.name, () => {
  it.each(['localhost', 'LOCALHOST', '127.0.0.1', '127.8.9.10', '::1', '[::1]', '0:0:0:0:0:0:0:1'])('counts %s as loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each(['0.0.0.0', '::', '[::]', '10.0.0.5', '128.0.0.1', '::ffff:10.0.0.1', 'www.meterly.example', 'localhost.meterly.example', ''])(
    'counts %j as reachable from elsewhere',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
    },
  );
});
