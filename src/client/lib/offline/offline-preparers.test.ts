import { describe, expect, it } from 'vitest';
import { runSteps, StillPreparingError, type OfflineStep } from './offline-preparers';

const NOT_READY = new Error('503 being prepared');

/** A clock that moves only when the runner sleeps, so waits take no real time. */
function fakeClock() {
  let t = 0;
  return { now: () => t, sleep: async (ms: number) => void (t += ms) };
}

const options = (progress: { done: number; total: number }[] = []) => ({
  concurrency: 3,
  askAgain: (e: unknown) => e === NOT_READY,
  askAgainEveryMs: 5_000,
  askAgainForMs: 60_000,
  onProgress: (p: { done: number; total: number }) => progress.push(p),
  ...fakeClock(),
});

const step = (label: string, run: OfflineStep['run'] = async () => undefined): OfflineStep => ({ label, run });

describe('runSteps', () => {
  it('runs every step and the steps they find, counting n of m as they are found', async () => {
    const ran: string[] = [];
    const progress: { done: number; total: number }[] = [];
    const list = step('list', async () => {
      ran.push('list');
      return [step('a', async () => void ran.push('a')), step('b', async () => [step('b.1', async () => void ran.push('b.1'))])];
    });
    const result = await runSteps([list, step('tv', async () => void ran.push('tv'))], options(progress));
    expect(result).toEqual({ done: 5, total: 5, failures: [] });
    expect(ran.sort()).toEqual(['a', 'b.1', 'list', 'tv']);
    expect(progress[0]).toEqual({ done: 0, total: 2 });
    expect(progress.at(-1)).toEqual({ done: 5, total: 5 });
    expect(progress.every((p) => p.done <= p.total)).toBe(true);
  });

  it('returns each failed step with its error and still runs the rest', async () => {
    const boom = new Error('500');
    const bad = step('bad', async () => {
      throw boom;
    });
    const result = await runSteps([bad, step('good')], options());
    expect(result.done).toBe(2);
    expect(result.failures).toEqual([{ step: bad, error: boom }]);
  });

  it('asks again while the data is being prepared, and counts the step done once it comes', async () => {
    let calls = 0;
    const result = await runSteps([step('counts', async () => {
      if (++calls < 4) throw NOT_READY;
    })], options());
    expect(calls).toBe(4);
    expect(result.failures).toEqual([]);
  });

  it('tells askAgain how many tries failed, so a rule may allow only a few', async () => {
    const LOST = new Error('no answer');
    const seen: number[] = [];
    let calls = 0;
    const result = await runSteps([step('widget', async () => {
      calls++;
      throw LOST;
    })], { ...options(), askAgain: (e: unknown, tries: number) => (seen.push(tries), e === LOST && tries < 2) });
    expect(calls).toBe(2);
    expect(seen).toEqual([1, 2]);
    expect(result.failures).toEqual([{ step: expect.objectContaining({ label: 'widget' }), error: LOST }]);
  });

  it('gives up asking after a while: the step fails as still being prepared, not done', async () => {
    let calls = 0;
    const result = await runSteps([step('counts', async () => {
      calls++;
      throw NOT_READY;
    })], options());
    // Asked at 0, 5, ..., 60 s: a minute of asking, then it is a failure.
    expect(calls).toBe(13);
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]!.error).toBeInstanceOf(StillPreparingError);
  });

  it('runs no more than `concurrency` steps at once', async () => {
    let inFlight = 0;
    let most = 0;
    const slow = (label: string) => step(label, async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
    });
    await runSteps(Array.from({ length: 10 }, (_, i) => slow(String(i))), options());
    expect(most).toBe(3);
  });
});
