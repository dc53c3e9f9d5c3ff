import { describe, expect, it } from 'vitest';
import { KeyedSerial } from './address-lock';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('KeyedSerial', () => {
  it('runs one key\'s tasks one after another in order, other keys alongside', async () => {
    const serial = new KeyedSerial();
    const log: string[] = [];
    let releaseFirst!: () => void;
    const first = serial.run('a', async () => {
      log.push('a1 start');
      await new Promise<void>((resolve) => (releaseFirst = resolve));
      log.push('a1 end');
      return 1;
    });
    const second = serial.run('a', async () => {
      log.push('a2');
      return 2;
    });
    const other = serial.run('b', async () => {
      log.push('b1');
      return 3;
    });
    await settle();
    expect(log).toEqual(['a1 start', 'b1']);
    releaseFirst();
    expect(await Promise.all([first, second, other])).toEqual([1, 2, 3]);
    expect(log).toEqual(['a1 start', 'b1', 'a1 end', 'a2']);
  });

  it('goes on with the next task after one fails, and forgets keys once idle', async () => {
    const serial = new KeyedSerial();
    const failing = serial.run('a', async () => {
      throw new Error('boom');
    });
    const next = serial.run('a', async () => 'next');
    await expect(failing).rejects.toThrow('boom');
    expect(await next).toBe('next');
    await settle();
    expect(serial.size).toBe(0);
  });
});
