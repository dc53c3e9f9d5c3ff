import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CountSlots, CountSlotsBusyError } from './count-slots';
import { TimeLimitError } from './questions';

/** A question that ends when the test says so. */
function gate() {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { open, work: () => done };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('CountSlots', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('lets one user hold only perUser slots; another user still gets the free ones at once', async () => {
    const slots = new CountSlots({ total: 4, perUser: 2, queuePerUser: 10, waitLimitMs: 15_000 });
    const heavy = Array.from({ length: 4 }, gate);
    const started: number[] = [];
    heavy.forEach((g, i) => void slots.run('analyst', async () => (started.push(i), g.work())));
    await flush();
    expect(started).toEqual([0, 1]);
    expect(slots.stats('analyst')).toEqual({ running: 2, userRunning: 2, userWaiting: 2 });
    let other = false;
    await slots.run('viewer', async () => void (other = true));
    expect(other).toBe(true);
    heavy[0]!.open();
    await flush();
    expect(started).toEqual([0, 1, 2]);
  });

  it('serves waiting users in turn, not the one who queued most first', async () => {
    const slots = new CountSlots({ total: 1, perUser: 1, queuePerUser: 10, waitLimitMs: 15_000 });
    const first = gate();
    const order: string[] = [];
    void slots.run('a', first.work);
    for (const user of ['a', 'a', 'a', 'b']) void slots.run(user, async () => void order.push(user));
    first.open();
    for (let i = 0; i < 6; i++) await flush();
    expect(order).toEqual(['a', 'b', 'a', 'a']);
  });

  it('refuses past the queue with CountSlotsBusyError (a 429 with Retry-After)', async () => {
    const slots = new CountSlots({ total: 1, perUser: 1, queuePerUser: 2, waitLimitMs: 15_000 });
    void slots.run('a', gate().work);
    void slots.run('a', gate().work);
    void slots.run('a', gate().work);
    await expect(slots.run('a', gate().work)).rejects.toBeInstanceOf(CountSlotsBusyError);
  });

  it('refuses a question that waited past the limit with TimeLimitError, and frees its place', async () => {
    const slots = new CountSlots({ total: 1, perUser: 1, queuePerUser: 5, waitLimitMs: 1_000 });
    const first = gate();
    void slots.run('a', first.work);
    const waiting = slots.run('a', async () => 'late');
    const expectation = expect(waiting).rejects.toBeInstanceOf(TimeLimitError);
    vi.advanceTimersByTime(1_001);
    await expectation;
    expect(slots.stats('a').userWaiting).toBe(0);
    first.open();
    await flush();
    expect(slots.stats()).toMatchObject({ running: 0 });
  });

  it('frees the slot when the work fails', async () => {
    const slots = new CountSlots({ total: 1, perUser: 1, queuePerUser: 5, waitLimitMs: 15_000 });
    await expect(slots.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await slots.run('a', async () => 7)).toBe(7);
  });
});
