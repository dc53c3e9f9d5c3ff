import { describe, expect, it } from 'vitest';
import { formatBytes, keptOnDevice, offlineRunStatement, queryOfContext, scopeOfContext, serializedBytes, UNPINNED_MAX_AGE_MS } from './offline';

const CONTEXT = 'acme/us/fizz-cola/fizz-original';

describe('what belongs to a context', () => {
  it('takes the queries keyed by the context, not those of another product or of no context', () => {
    expect(queryOfContext(['grow', CONTEXT, 'mekko', '1'], CONTEXT)).toBe(true);
    expect(queryOfContext(['insights', CONTEXT, 'widget', { include: { and: [[1]] }, exclude: [] }, '3'], CONTEXT)).toBe(true);
    expect(queryOfContext(['grow', 'acme/us/fizz-cola/fizz-zero', 'mekkos'], CONTEXT)).toBe(false);
    // A prefix of another context is not that context.
    expect(queryOfContext(['grow', `${CONTEXT}-2`, 'mekkos'], CONTEXT)).toBe(false);
    expect(queryOfContext(['toolbox', 'units', 'acme'], CONTEXT)).toBe(false);
    expect(queryOfContext(['session', 'self'], CONTEXT)).toBe(false);
  });

  it('takes device rows saved under the context or its lists, not under the client alone', () => {
    expect(scopeOfContext(CONTEXT, CONTEXT)).toBe(true);
    expect(scopeOfContext(`${CONTEXT}#list`, CONTEXT)).toBe(true);
    expect(scopeOfContext(`${CONTEXT}-2`, CONTEXT)).toBe(false);
    expect(scopeOfContext('acme', CONTEXT)).toBe(false);
  });
});

describe('what the persisted cache keeps (issue 27)', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  const day = 24 * 60 * 60_000;
  const pinned = new Set([CONTEXT]);
  it('keeps a context made available offline however old its data, until it is removed', () => {
    expect(keptOnDevice({ queryKey: ['grow', CONTEXT, 'counts', {}], dataUpdatedAt: now - 8 * day }, now, pinned)).toBe(true);
    expect(keptOnDevice({ queryKey: ['insights', CONTEXT, 'widget'], dataUpdatedAt: now - 400 * day }, now, pinned)).toBe(true);
  });

  it('drops another context’s data once it is a week old, keeps data of no context', () => {
    expect(keptOnDevice({ queryKey: ['grow', 'acme/us/fizz-cola/fizz-zero', 'mekkos'], dataUpdatedAt: now - UNPINNED_MAX_AGE_MS }, now, pinned)).toBe(true);
    expect(keptOnDevice({ queryKey: ['grow', 'acme/us/fizz-cola/fizz-zero', 'mekkos'], dataUpdatedAt: now - 8 * day }, now, pinned)).toBe(false);
    expect(keptOnDevice({ queryKey: ['session', 'self'], dataUpdatedAt: now - 30 * day }, now, pinned)).toBe(true);
    expect(keptOnDevice({ queryKey: ['toolbox', 'units', 'acme'], dataUpdatedAt: now - 30 * day }, now, new Set())).toBe(true);
  });
});

describe('sizes', () => {
  it('counts the UTF-8 bytes of the JSON', () => {
    expect(serializedBytes({ a: 1 })).toBe(7);
    expect(serializedBytes('é')).toBe(4);
    expect(serializedBytes(undefined)).toBe(0);
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(serializedBytes(loop)).toBe(0);
  });

  it('reads as people read sizes', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(840)).toBe('840 bytes');
    expect(formatBytes(12_700)).toBe('12.4 KB');
    expect(formatBytes(3_250_000)).toBe('3.1 MB');
    expect(formatBytes(150 * 1024 * 1024)).toBe('150 MB');
  });
});

describe('what a run says', () => {
  const run = { contextLabel: 'Fizz Original', done: 0, total: 0, failures: [], running: false };

  it('counts steps while it runs', () => {
    expect(offlineRunStatement({ ...run, running: true, done: 12, total: 43 })).toBe('Saving Fizz Original for offline use: 12 of 43 steps');
  });

  it('says available only when every step worked', () => {
    expect(offlineRunStatement({ ...run, done: 43, total: 43 })).toBe('Fizz Original is available offline: all 43 steps done.');
    const failures = [{ label: 'Chart “A”: counts for every tab', reason: 'the server answered 500' }];
    const partly = offlineRunStatement({ ...run, done: 43, total: 43, failures });
    expect(partly).toBe('Fizz Original is only partly available offline: 1 of 43 steps failed, 42 done.');
    expect(partly).not.toMatch(/ is available offline/);
    expect(offlineRunStatement({ ...run, done: 1, total: 1, failures })).toBe('Nothing of Fizz Original could be saved for offline use: 1 step failed.');
  });
});
