import { Worker } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { generateMembers } from './generator';
import { membersInWorker } from './members-in-worker';

const OPTIONS = { people: 20_000, segments: 30, seed: 'in-worker', shortIdBase: 500_000 };

describe('membersInWorker', () => {
  it('gives the sets generateMembers gives, in the same order', async () => {
    const expected = [...generateMembers(OPTIONS)];
    const got = [];
    for await (const set of membersInWorker(OPTIONS)) got.push(set);
    expect(got.map((s) => (s.kind === 'segment' ? `s${s.segment.shortId}` : `a${s.attribute.id}`))).toEqual(expected.map((s) => (s.kind === 'segment' ? `s${s.segment.shortId}` : `a${s.attribute.id}`)));
    got.forEach((set, i) => expect(set.members, `set ${i}`).toEqual(expected[i]!.members));
    // A worker's start and the generation twice over: 5.8 s on two cores loaded by a full run.
  }, 30_000);

  it('stops the worker when the receiver stops early', async () => {
    const terminate = vi.spyOn(Worker.prototype, 'terminate');
    try {
      let taken = 0;
      for await (const set of membersInWorker(OPTIONS)) {
        expect(set.members.length).toBeGreaterThanOrEqual(0);
        if (++taken === 3) break;
      }
      expect(taken).toBe(3);
      expect(terminate).toHaveBeenCalledTimes(1);
    } finally {
      terminate.mockRestore();
    }
  });

  it('reports a worker that fails while generating', async () => {
    // A negative count of people fails in the worker, when it makes the first value lists.
    await expect(async () => {
      for await (const set of membersInWorker({ ...OPTIONS, people: -5 })) void set;
    }).rejects.toThrow(/Invalid typed array length|length/i);
  });

  it('reports options that cannot reach the worker', async () => {
    const bad = { ...OPTIONS, people: Symbol('not a number') as unknown as number };
    await expect(async () => {
      for await (const set of membersInWorker(bad)) void set;
    }).rejects.toThrow(/could not be cloned/);
  });
});
