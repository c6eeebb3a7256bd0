import { Logger } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { KEPT_PAGE_DATA_AGE_MS, KEPT_PAGE_DATA_MAX_ENTRIES, KeptPageData } from './kept-page-data';
import { PageDataRegistry } from './page-data';
import type { AppConfig } from '../../config/app-config';
import type { Actor } from '../session';
import type { PageDataVersions } from './page-data-versions';

const actorOf = (userId: string, extra: Partial<Actor> = {}): Actor => ({
  userId,
  email: `${userId}@example.com`,
  role: 'customer',
  correlationId: null,
  ...extra,
});

class MovableClock extends Clock {
  at = Date.parse('2026-11-27T19:00:00Z');
  now(): Date {
    return new Date(this.at);
  }
}

/** A registry whose one loader answers the customer's id and how many reads were made; versions per customer set by the test. */
function setUp(options: { keep?: boolean; fails?: () => boolean } = {}) {
  const registry = new PageDataRegistry();
  let reads = 0;
  registry.register('profile', async ({ actor }) => {
    reads++;
    if (options.fails?.()) throw new Error('down');
    return [[['account'], { id: actor.userId, read: reads }]];
  });
  const version = new Map<string, number>();
  const versions = { of: (userId: string) => Promise.resolve(String(version.get(userId) ?? 0)) } as unknown as PageDataVersions;
  const clock = new MovableClock();
  const kept = new KeptPageData(registry, versions, clock, { pageDataKeep: options.keep ?? true } as AppConfig);
  return { kept, version, clock, reads: () => reads };
}

const readOf = (answers: unknown) => (answers as Record<string, { id: string; read: number }>)['["account"]'];

describe(KeptPageData.name, () => {
  beforeEach(() => jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('serves the kept answers while the version, the age and the visitor hold; reads afresh when the version moves', async () => {
    const { kept, version, reads } = setUp();
    expect(readOf(await kept.load('profile', actorOf('u1'), 'en-US'))).toEqual({ id: 'u1', read: 1 });
    expect(readOf(await kept.load('profile', actorOf('u1'), 'en-US'))).toEqual({ id: 'u1', read: 1 });
    version.set('u1', 1);
    expect(readOf(await kept.load('profile', actorOf('u1'), 'en-US'))).toEqual({ id: 'u1', read: 2 });
    expect(reads()).toBe(2);
  });

  it('never serves one customer’s answers to another, however their visits interleave', async () => {
    const { kept } = setUp();
    for (const who of ['u1', 'u2', 'u1', 'u2']) expect(readOf(await kept.load('profile', actorOf(who), 'en-US')).id).toBe(who);
  });

  it('reads afresh at the age, and when the clock is behind the read (a clock moved back)', async () => {
    const { kept, clock, reads } = setUp();
    await kept.load('profile', actorOf('u1'), 'en-US');
    clock.at += KEPT_PAGE_DATA_AGE_MS - 1;
    await kept.load('profile', actorOf('u1'), 'en-US');
    expect(reads()).toBe(1);
    clock.at += 1;
    await kept.load('profile', actorOf('u1'), 'en-US');
    expect(reads()).toBe(2);
    clock.at -= 1;
    await kept.load('profile', actorOf('u1'), 'en-US');
    expect(reads()).toBe(3);
  });

  it('reads afresh for another locale or another e-mail on the same account, and keeps nothing for staff acting for the customer', async () => {
    const { kept, reads } = setUp();
    await kept.load('profile', actorOf('u1'), 'en-US');
    await kept.load('profile', actorOf('u1'), 'es');
    await kept.load('profile', actorOf('u1', { email: 'new@example.com' }), 'es');
    expect(reads()).toBe(3);
    const staff = actorOf('u1', { role: 'admin', staff: { userId: 's1', email: 's1@example.com' } });
    expect(await kept.load('profile', staff, 'es')).toBeUndefined();
    expect(reads()).toBe(3);
  });

  it('keeps only a complete read, and reads afresh every time when keeping is off', async () => {
    let failing = true;
    const failed = setUp({ fails: () => failing });
    await failed.kept.load('profile', actorOf('u1'), 'en-US');
    failing = false;
    await failed.kept.load('profile', actorOf('u1'), 'en-US');
    await failed.kept.load('profile', actorOf('u1'), 'en-US');
    expect(failed.reads()).toBe(2);
    const off = setUp({ keep: false });
    for (let i = 0; i < 3; i++) await off.kept.load('profile', actorOf('u1'), 'en-US');
    expect(off.reads()).toBe(3);
  });

  it('says a page rendered from the answers stands only for a kept read, or for a page with no loaders (KeptRenders)', async () => {
    let failing = true;
    const { kept } = setUp({ fails: () => failing });
    // The failed read went out without its data: a page rendered so is rendered again.
    expect(kept.stands('profile', await kept.load('profile', actorOf('u1'), 'en-US'))).toBe(false);
    failing = false;
    expect(kept.stands('profile', await kept.load('profile', actorOf('u1'), 'en-US'))).toBe(true);
    expect(kept.stands('profile', { '["account"]': { id: 'u1' } })).toBe(false);
    expect(kept.stands('quote-application', undefined)).toBe(true);
    const staff = actorOf('u1', { role: 'admin', staff: { userId: 's1', email: 's1@example.com' } });
    expect(kept.stands('profile', await kept.load('profile', staff, 'en-US'))).toBe(false);
    const off = setUp({ keep: false });
    expect(off.kept.stands('profile', await off.kept.load('profile', actorOf('u1'), 'en-US'))).toBe(false);
    expect(off.kept.stands('quote-application', undefined)).toBe(false);
  });

  it('lets visits that miss together wait for one fresh read at their version, not each read', async () => {
    const { kept, reads } = setUp();
    const answers = await Promise.all([1, 2, 3].map(() => kept.load('profile', actorOf('u1'), 'en-US')));
    expect(answers.map(readOf)).toEqual([1, 2, 3].map(() => ({ id: 'u1', read: 1 })));
    expect(reads()).toBe(1);
  });

  it('drops the least recently used beyond its bound', async () => {
    const { kept, reads } = setUp();
    for (let i = 0; i <= KEPT_PAGE_DATA_MAX_ENTRIES; i++) await kept.load('profile', actorOf(`u${i}`), 'en-US');
    const all = reads();
    await kept.load('profile', actorOf(`u${KEPT_PAGE_DATA_MAX_ENTRIES}`), 'en-US');
    expect(reads()).toBe(all);
    await kept.load('profile', actorOf('u0'), 'en-US');
    expect(reads()).toBe(all + 1);
  });
});
