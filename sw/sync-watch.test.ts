import { describe, expect, it, vi } from 'vitest';
import { replayUntilServerBack, type SyncWatchDeps } from './sync-watch';

function deps(over: Partial<SyncWatchDeps> & { replies: boolean[] }): SyncWatchDeps & { replay: ReturnType<typeof vi.fn> } {
  const { replies, ...rest } = over;
  return {
    replay: vi.fn(async () => replies.shift() ?? false),
    probe: async () => false,
    waitForServer: async () => true,
    clearWaits: async () => undefined,
    nextRetryAt: async () => null,
    sleep: async () => undefined,
    online: () => true,
    ...rest,
  } as SyncWatchDeps & { replay: ReturnType<typeof vi.fn> };
}

describe('Background Sync that waits for the server', () => {
  it('sends once and is done when nothing waits', async () => {
    const d = deps({ replies: [false] });
    expect(await replayUntilServerBack(d, 240_000)).toBe(false);
    expect(d.replay).toHaveBeenCalledTimes(1);
  });

  it('waits for an unreachable server, clears the waits and sends again when it answers', async () => {
    const order: string[] = [];
    const d = deps({
      replies: [true, false],
      waitForServer: async () => { order.push('wait'); return true; },
      clearWaits: async () => { order.push('clear'); },
    });
    expect(await replayUntilServerBack(d, 240_000)).toBe(false);
    expect(d.replay).toHaveBeenCalledTimes(2);
    expect(order).toEqual(['wait', 'clear']);
  });

  it('gives the browser the sync back when the server stays away for the watch time', async () => {
    const waits: number[] = [];
    let time = 0;
    const d = deps({
      replies: [true],
      now: () => time,
      waitForServer: async (ms) => { waits.push(ms); time += ms; return false; },
    });
    expect(await replayUntilServerBack(d, 240_000)).toBe(true);
    expect(waits).toEqual([240_000]);
    expect(d.replay).toHaveBeenCalledTimes(1);
  });

  it('a server that answers "not ready" is asked again at the retry time within the event (issue 27)', async () => {
    let time = 0;
    const slept: number[] = [];
    const d = deps({
      replies: [true, true, false],
      probe: async () => true,
      now: () => time,
      nextRetryAt: async () => time + 1_000,
      sleep: async (ms) => { slept.push(ms); time += ms; },
    });
    expect(await replayUntilServerBack(d, 160_000)).toBe(false);
    expect(d.replay).toHaveBeenCalledTimes(3);
    expect(slept).toEqual([1_000, 1_000]);
  });

  it('does not loop when the server answers and nothing waits for a time within the event, or there is no network', async () => {
    const held = deps({ replies: [true, true], probe: async () => true });
    expect(await replayUntilServerBack(held, 240_000)).toBe(true);
    expect(held.replay).toHaveBeenCalledTimes(1);
    const late = deps({ replies: [true, true], probe: async () => true, now: () => 0, nextRetryAt: async () => 200_000 });
    expect(await replayUntilServerBack(late, 160_000)).toBe(true);
    expect(late.replay).toHaveBeenCalledTimes(1);
    const reachable = deps({ replies: [true, true], probe: async () => true });
    expect(await replayUntilServerBack(reachable, 240_000)).toBe(true);
    expect(reachable.replay).toHaveBeenCalledTimes(1);
    const offline = deps({ replies: [true, true], online: () => false });
    expect(await replayUntilServerBack(offline, 240_000)).toBe(true);
    expect(offline.replay).toHaveBeenCalledTimes(1);
  });
});
