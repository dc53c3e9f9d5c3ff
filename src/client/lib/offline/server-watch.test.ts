import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEALTH_PATH } from '@shared/rules/reconnect';
import { probeServer, probeServerNow, waitForServer, watchServer, watchingServer } from './server-watch';

/** A fake server: down until `up` is set; records when it was probed (fake time). */
function fakeServer() {
  const state = { up: false, hang: false, probes: [] as number[], urls: [] as string[] };
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    state.probes.push(Date.now());
    state.urls.push(String(input));
    if (state.hang) {
      return new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    }
    if (!state.up) throw new TypeError('Failed to fetch');
    return new Response('{"data":"OK"}', { status: 200 });
  }) as unknown as typeof fetch;
  return { state, fetchImpl };
}

const stops: (() => void)[] = [];

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.useRealTimers();
});

describe('watchServer', () => {
  it('probes the health check 1 s, 2 s, 4 s, 8 s, then every 15 s apart', async () => {
    const { state, fetchImpl } = fakeServer();
    stops.push(watchServer({ fetchImpl, onBack: () => undefined }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state.probes).toEqual([1_000, 3_000, 7_000, 15_000, 30_000, 45_000, 60_000]);
    expect(new Set(state.urls)).toEqual(new Set([HEALTH_PATH]));
  });

  it('calls back within 15 s of the server coming back, once, and stops probing', async () => {
    const { state, fetchImpl } = fakeServer();
    const onBack = vi.fn();
    stops.push(watchServer({ fetchImpl, onBack }));
    await vi.advanceTimersByTimeAsync(100_000);
    state.up = true;
    await vi.advanceTimersByTimeAsync(15_000);
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(watchingServer()).toBe(false);
    const probes = state.probes.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state.probes.length).toBe(probes);
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('keeps probing on a non-2xx answer (a proxy in front of a dead server)', async () => {
    const onBack = vi.fn();
    const fetchImpl = vi.fn(async () => new Response('Bad gateway', { status: 502 })) as unknown as typeof fetch;
    stops.push(watchServer({ fetchImpl, onBack }));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(onBack).not.toHaveBeenCalled();
    expect(watchingServer()).toBe(true);
  });

  it('runs one watch at a time: a second caller joins it and both are told', async () => {
    const { state, fetchImpl } = fakeServer();
    const first = vi.fn();
    const second = vi.fn();
    stops.push(watchServer({ fetchImpl, onBack: first }));
    await vi.advanceTimersByTimeAsync(3_500);
    stops.push(watchServer({ fetchImpl, onBack: second }));
    await vi.advanceTimersByTimeAsync(4_000);
    // Still the first watch's schedule (1 s, 3 s, 7 s), no second loop.
    expect(state.probes).toEqual([1_000, 3_000, 7_000]);
    state.up = true;
    await vi.advanceTimersByTimeAsync(8_000);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('stops: no callback after stop, and no probing once every caller has stopped', async () => {
    const { state, fetchImpl } = fakeServer();
    const kept = vi.fn();
    const dropped = vi.fn();
    const stopKept = watchServer({ fetchImpl, onBack: kept });
    const stopDropped = watchServer({ fetchImpl, onBack: dropped });
    stopDropped();
    expect(watchingServer()).toBe(true);
    stopKept();
    expect(watchingServer()).toBe(false);
    state.up = true;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state.probes).toEqual([]);
    expect(kept).not.toHaveBeenCalled();
    expect(dropped).not.toHaveBeenCalled();
  });

  it('"Retry now" probes at once and starts the backoff again', async () => {
    const { state, fetchImpl } = fakeServer();
    stops.push(watchServer({ fetchImpl, onBack: () => undefined }));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(state.probes).toEqual([1_000, 3_000, 7_000, 15_000]);
    probeServerNow();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(state.probes.slice(4)).toEqual([20_000, 22_000]);
  });

  it('gives up on a probe that hangs after 5 s and tries again', async () => {
    const { state, fetchImpl } = fakeServer();
    state.hang = true;
    const onBack = vi.fn();
    stops.push(watchServer({ fetchImpl, onBack }));
    await vi.advanceTimersByTimeAsync(6_000);
    state.hang = false;
    state.up = true;
    // Probe 1 at 1 s hangs until 6 s, probe 2 two seconds later.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(state.probes).toEqual([1_000, 8_000]);
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});

describe('probeServer and waitForServer', () => {
  it('a probe is a 2xx answer of the health check', async () => {
    const { state, fetchImpl } = fakeServer();
    expect(await probeServer(fetchImpl)).toBe(false);
    state.up = true;
    expect(await probeServer(fetchImpl)).toBe(true);
  });

  it('waitForServer resolves true when the server answers, false when the time is up', async () => {
    const { state, fetchImpl } = fakeServer();
    const late = waitForServer({ fetchImpl, maxWaitMs: 10_000 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await late).toBe(false);
    expect(watchingServer()).toBe(false);

    const soon = waitForServer({ fetchImpl, maxWaitMs: 240_000 });
    await vi.advanceTimersByTimeAsync(50_000);
    state.up = true;
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await soon).toBe(true);
  });
});
