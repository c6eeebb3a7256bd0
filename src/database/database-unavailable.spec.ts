import { isDatabaseUnavailable, whyDatabaseUnavailable } from './database-unavailable';

describe(isDatabaseUnavailable.name, () => {
  it.each([
    ['a query left unanswered', new Error('Query read timeout')],
    ['no free connection in time', new Error('timeout exceeded when trying to connect')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a Unix socket that is gone', Object.assign(new Error('connect ENOENT /tmp/.s.PGSQL.5432'), { code: 'ENOENT', syscall: 'connect' })],
    ['statement_timeout, wrapped by TypeORM', Object.assign(new Error('canceling statement'), { driverError: { code: '57014' } })],
    ['a database starting up', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a bug', new TypeError('x is undefined')],
    ['a missing file', Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT', syscall: 'open' })],
    ['nothing', undefined],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe(whyDatabaseUnavailable.name, () => {
  it.each([
    ['a SQLSTATE under a wrapper', Object.assign(new Error('canceling statement due to statement timeout'), { driverError: { code: '57014' } }), '57014'],
    ['a pool wait', new Error('timeout exceeded when trying to connect'), 'timeout exceeded when trying to connect'],
    ['a lost connection, without its tail', new Error('Connection terminated due to connection timeout'), 'Connection terminated'],
    ['a socket error inside an AggregateError', Object.assign(new Error('connect'), { errors: [new Error('x'), { code: 'ECONNREFUSED' }] }), 'ECONNREFUSED'],
  ])('names %s by a fixed phrase', (_name, error, reason) => {
    expect(whyDatabaseUnavailable(error)).toBe(reason);
  });

  it('is undefined for an error that is not the database being away', () => {
    expect(whyDatabaseUnavailable(Object.assign(new Error('duplicate key value (email)=(a@b.c)'), { code: '23505' }))).toBeUndefined();
  });
});
