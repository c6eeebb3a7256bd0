import { Logger } from '@nestjs/common';
import { pageData } from '../../common/metrics/metrics-registry';
import { PAGE_DATA_LOADERS_AT_ONCE, PAGE_DATA_TURN_MS, PageDataRegistry } from './page-data';
import type { Actor } from '../session';

const customer: Actor = { userId: 'u1', email: 'u1@example.com', role: 'customer', correlationId: null };

/** The page-data counter's value for `outcome` of page `profile` (GET /metrics). */
async function counted(outcome: string): Promise<number> {
  return (await pageData.get()).values.find((v) => v.labels.page === 'profile' && v.labels.outcome === outcome)?.value ?? 0;
}

const NOT_YET = Symbol('not settled');

/** What `promise` settled to once the (fake) clock moved `ms` on; NOT_YET when it had not by then. */
async function settledBy<T>(promise: Promise<T>, ms: number): Promise<T | typeof NOT_YET> {
  await jest.advanceTimersByTimeAsync(ms);
  return Promise.race([promise, Promise.resolve(NOT_YET)]);
}

describe(PageDataRegistry.name, () => {
  beforeEach(() => jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it("gives each key's answer as the API sends it (JSON), in the loaders' order, one shared read for all", async () => {
    const registry = new PageDataRegistry();
    const reads: string[] = [];
    const policies = () => (reads.push('policies'), Promise.resolve([{ id: 'p1', startedAt: new Date('2026-11-27T19:28:00Z'), note: undefined }]));
    registry.register('profile', async ({ once }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return [[['policies'], await once('policies', policies)]];
    });
    registry.register('profile', async ({ once, actor }) => [
      [['billing', (await once('policies', policies))[0].id, undefined], { who: actor.userId }],
      [['saved-quote'], null],
    ]);
    const answers = await registry.load('profile', customer);
    expect(answers).toEqual({
      '["policies"]': [{ id: 'p1', startedAt: '2026-11-27T19:28:00.000Z' }],
      '["billing","p1",null]': { who: 'u1' },
      '["saved-quote"]': null,
    });
    expect(Object.keys(answers!)[0]).toBe('["policies"]');
    expect(reads).toEqual(['policies']);
  });

  it('leaves out a loader that fails and what is not read within the budget; what was read stays', async () => {
    const registry = new PageDataRegistry();
    registry.register('profile', () => Promise.reject(new Error('database down')));
    registry.register('profile', () => Promise.resolve([[['account'], { email: 'u1@example.com' }]]));
    registry.register('profile', () => new Promise((resolve) => setTimeout(() => resolve([[['late'], 1]]), 200)));
    registry.register('profile', () => Promise.resolve([[['after-the-late-one'], 2]]));
    const partial = await counted('partial');
    // The app's timers (settledBy): answered at the budget, before the late one's 200 ms, on any machine.
    jest.useFakeTimers();
    try {
      const loading = registry.load('profile', customer, 50);
      // Two read at once: the late one holds one reader, the other goes on to the loader after it.
      expect(await settledBy(loading, 50)).toEqual({ '["account"]': { email: 'u1@example.com' }, '["after-the-late-one"]': 2 });
    } finally {
      jest.useRealTimers();
    }
    // Operators see a page that went out with part of its data (GET /metrics).
    expect(await counted('partial')).toBe(partial + 1);
  });

  it("reads one page's data at a time, at most two of its loaders at once: a burst of pages never takes every connection", async () => {
    expect(PAGE_DATA_LOADERS_AT_ONCE).toBe(2);
    const registry = new PageDataRegistry();
    const events: string[] = [];
    for (const key of ['account', 'policies', 'claims'])
      registry.register('profile', async ({ actor }) => {
        events.push(`${actor.userId} ${key}`);
        await new Promise((resolve) => setTimeout(resolve, key === 'account' ? 1 : 8));
        events.push(`${actor.userId} ${key} read`);
        return [[[key], actor.userId]];
      });
    // The app's timers, not the machine's: on a loaded CI machine the reads' real 1 and 8 ms ran past
    // the second page's PAGE_DATA_TURN_MS, and it went out without its data. Both pages take 18 ms here.
    jest.useFakeTimers();
    let answers: Awaited<ReturnType<PageDataRegistry['load']>>[];
    try {
      const both = Promise.all([registry.load('profile', customer), registry.load('profile', { ...customer, userId: 'u2' })]);
      await jest.advanceTimersByTimeAsync(PAGE_DATA_TURN_MS / 2);
      answers = await both;
    } finally {
      jest.useRealTimers();
    }
    const [first, second] = answers;
    // Two loaders start; the third when the first is done; the next page only when all three are.
    expect(events).toEqual([
      'u1 account',
      'u1 policies',
      'u1 account read',
      'u1 claims',
      'u1 policies read',
      'u1 claims read',
      'u2 account',
      'u2 policies',
      'u2 account read',
      'u2 claims',
      'u2 policies read',
      'u2 claims read',
    ]);
    // The answers in the loaders' order, whichever finished first.
    expect(Object.keys(first!)).toEqual(['["account"]', '["policies"]', '["claims"]']);
    expect([first, second]).toEqual([
      { '["account"]': 'u1', '["policies"]': 'u1', '["claims"]': 'u1' },
      { '["account"]': 'u2', '["policies"]': 'u2', '["claims"]': 'u2' },
    ]);
  });

  it('sends a page without its data at once when its turn does not come soon, not after the whole budget', async () => {
    const registry = new PageDataRegistry();
    const reads: string[] = [];
    registry.register('profile', async ({ actor }) => {
      reads.push(actor.userId);
      await new Promise((resolve) => setTimeout(resolve, PAGE_DATA_TURN_MS * 4));
      return [[['account'], actor.userId]];
    });
    const [busy, complete] = [await counted('busy'), await counted('complete')];
    jest.useFakeTimers();
    try {
      const first = registry.load('profile', customer);
      // Out without its data once its turn has not come in PAGE_DATA_TURN_MS, while the first still reads.
      expect(await settledBy(registry.load('profile', { ...customer, userId: 'u2' }), PAGE_DATA_TURN_MS)).toBeUndefined();
      expect(await settledBy(first, PAGE_DATA_TURN_MS * 3)).toEqual({ '["account"]': 'u1' });
      // The one that gave up never read, and the gate is free again for the next page.
      expect(reads).toEqual(['u1']);
      expect(await settledBy(registry.load('profile', { ...customer, userId: 'u3' }), PAGE_DATA_TURN_MS * 4)).toEqual({ '["account"]': 'u3' });
    } finally {
      jest.useRealTimers();
    }
    // Counted for operators: one page sent without its data because the server was busy, two complete.
    expect([await counted('busy'), await counted('complete')]).toEqual([busy + 1, complete + 2]);
  });

  it('frees the turn when a read hangs past the budget, so a frozen read does not hold every later page', async () => {
    const registry = new PageDataRegistry();
    let hang = true;
    registry.register('profile', ({ actor }) => (hang ? ((hang = false), new Promise(() => undefined)) : Promise.resolve([[['account'], actor.userId]])));
    expect(await registry.load('profile', customer, 30)).toBeUndefined();
    expect(await registry.load('profile', { ...customer, userId: 'u2' }, 30)).toEqual({ '["account"]': 'u2' });
  });

  it('reads nothing for a page without loaders, a visitor not signed in, or staff acting for a customer', async () => {
    const registry = new PageDataRegistry();
    const loader = jest.fn(() => Promise.resolve([[['account'], {}] as const]));
    registry.register('profile', loader);
    expect(await registry.load('quote-application', customer)).toBeUndefined();
    expect(await registry.load('profile', { role: 'customer', correlationId: null })).toBeUndefined();
    expect(await registry.load('profile', { ...customer, role: 'agent', staff: { userId: 's1', email: 'agent@meterly.test' } })).toBeUndefined();
    expect(loader).not.toHaveBeenCalled();
  });
});
