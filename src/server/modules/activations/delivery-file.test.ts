import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deliveryDirectory, deliveryFileName, DELIVERY_HEADER, hashMemberId, writeDeliveryFile } from './delivery-file';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'delivery-file-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('delivery files', () => {
  it('hashes an id as the SHA-256 of salt:id, differently per salt', () => {
    expect(hashMemberId('s1', 42)).toBe(createHash('sha256').update('s1:42').digest('hex'));
    expect(hashMemberId('s1', 42)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashMemberId('s2', 42)).not.toBe(hashMemberId('s1', 42));
    expect(hashMemberId('s1', 43)).not.toBe(hashMemberId('s1', 42));
  });

  it('writes a header and one hashed row per member, and leaves no .tmp behind', async () => {
    const file = path.join(dir, 'a', deliveryFileName(7, new Date('2026-11-24T02:03:04.005Z')));
    expect(path.basename(file)).toBe('7-20261124T020304005Z.csv');
    const ids = Array.from({ length: 2_345 }, (_, i) => i * 3);
    const told: number[] = [];
    const rows = await writeDeliveryFile(file, ids, ids.length, 'salt', { batch: 500, onProgress: (f) => void told.push(f) });
    expect(rows).toBe(ids.length);
    const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe(DELIVERY_HEADER);
    expect(lines.slice(1)).toEqual(ids.map((id) => hashMemberId('salt', id)));
    expect(fs.existsSync(`${file}.tmp`)).toBe(false);
    expect(told.length).toBeGreaterThan(2);
    expect(told.every((f, i) => f > 0 && f <= 1 && (i === 0 || f > told[i - 1]!))).toBe(true);
  });

  it('writes only the header for an audience of no one', async () => {
    const file = path.join(dir, 'empty.csv');
    expect(await writeDeliveryFile(file, [], 0, 'salt')).toBe(0);
    expect(fs.readFileSync(file, 'utf8')).toBe(`${DELIVERY_HEADER}\n`);
  });

  it('removes its partial file and writes nothing when stopped', async () => {
    const file = path.join(dir, 'stopped.csv');
    const controller = new AbortController();
    const ids = Array.from({ length: 5_000 }, (_, i) => i);
    const write = writeDeliveryFile(file, ids, ids.length, 'salt', { batch: 1_000, signal: controller.signal, onProgress: (f) => { if (f >= 0.4) controller.abort(new Error('cancelled')); } });
    await expect(write).rejects.toThrow('cancelled');
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(`${file}.tmp`)).toBe(false);
  });

  it('keeps a destination\'s directory under deliveries/', () => {
    expect(deliveryDirectory('/data', 'acme/the-trade-desk')).toBe(path.resolve('/data/deliveries/acme/the-trade-desk'));
    for (const bad of ['../escape', '/etc', '', 'a/../../b']) expect(() => deliveryDirectory('/data', bad), bad).toThrow(/not a directory under deliveries/);
  });
});
