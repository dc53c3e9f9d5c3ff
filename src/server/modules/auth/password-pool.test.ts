import { describe, expect, it } from 'vitest';
import { PasswordPool, PoolBusyError, passwordPool } from './password-pool';

/** A task that finishes (or fails) when told to, recording that it started. */
function gate(started: number[], id: number) {
  let finish!: () => void;
  let fail!: (e: Error) => void;
  const done = new Promise<number>((resolve, reject) => {
    finish = () => resolve(id);
    fail = reject;
  });
  const task = () => {
    started.push(id);
    return done;
  };
  return { task, finish, fail };
}

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('PasswordPool', () => {
  it('runs at most `concurrency` tasks at once, the others in the order they came', async () => {
    const pool = new PasswordPool({ concurrency: 2, queue: 10 });
    const started: number[] = [];
    const gates = [1, 2, 3, 4, 5].map((id) => gate(started, id));
    const results = gates.map((g) => pool.run(g.task));
    await settle();
    expect(started).toEqual([1, 2]);
    expect(pool.stats).toEqual({ running: 2, waiting: 3 });
    gates[1]!.finish();
    await settle();
    expect(started).toEqual([1, 2, 3]);
    gates[0]!.finish();
    gates[2]!.finish();
    await settle();
    expect(started).toEqual([1, 2, 3, 4, 5]);
    gates[3]!.finish();
    gates[4]!.finish();
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4, 5]);
    expect(pool.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once, without running it, a task that finds the queue full', async () => {
    const pool = new PasswordPool({ concurrency: 1, queue: 2 });
    const started: number[] = [];
    const gates = [1, 2, 3, 4].map((id) => gate(started, id));
    const accepted = gates.slice(0, 3).map((g) => pool.run(g.task));
    expect(pool.full).toBe(true);
    await expect(pool.run(gates[3]!.task)).rejects.toBeInstanceOf(PoolBusyError);
    await settle();
    expect(started).toEqual([1]);
    // A freed place in the queue takes a task again.
    gates[0]!.finish();
    await settle();
    expect(pool.full).toBe(false);
    const fourth = pool.run(gates[3]!.task);
    for (const g of gates.slice(1)) g.finish();
    expect(await Promise.all([...accepted, fourth])).toEqual([1, 2, 3, 4]);
  });

  it('with no queue, refuses whatever comes while every slot is taken', async () => {
    const pool = new PasswordPool({ concurrency: 1, queue: 0 });
    const started: number[] = [];
    const first = gate(started, 1);
    const running = pool.run(first.task);
    await expect(pool.run(async () => 2)).rejects.toBeInstanceOf(PoolBusyError);
    first.finish();
    await running;
    expect(await pool.run(async () => 3)).toBe(3);
  });

  it('frees the slot of a task that throws, and hands it to the next waiting one', async () => {
    const pool = new PasswordPool({ concurrency: 1, queue: 1 });
    const started: number[] = [];
    const failing = gate(started, 1);
    const waiting = gate(started, 2);
    const first = pool.run(failing.task);
    const second = pool.run(waiting.task);
    failing.fail(new Error('argon2 failed'));
    await expect(first).rejects.toThrow('argon2 failed');
    await settle();
    expect(started).toEqual([1, 2]);
    waiting.finish();
    expect(await second).toBe(2);
    // A task that throws before its first await frees its slot too.
    await expect(pool.run(() => { throw new Error('at once'); })).rejects.toThrow('at once');
    expect(pool.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses sizes it cannot honour, and is one pool per configuration', () => {
    expect(() => new PasswordPool({ concurrency: 0, queue: 1 })).toThrow(/concurrency/);
    expect(() => new PasswordPool({ concurrency: 1, queue: -1 })).toThrow(/queue/);
    const size = { concurrency: 1, queue: 1 };
    expect(passwordPool(size)).toBe(passwordPool(size));
    expect(passwordPool({ ...size })).not.toBe(passwordPool(size));
  });
});
