import { describe, expect, it } from 'vitest';
import { GROW_TEXT } from '@shared/rules/grow';
import { madeOnDevice, noticeFor, savingNow } from './save-feedback';

const command = (state: 'pending' | 'waiting' | 'done' | 'conflict' | 'rejected', extra: { entity?: string; entityId?: string; context?: string } = {}) => ({
  entity: 'mekko', entityId: '7', context: 'acme/us/fizz/original', state, ...extra,
});
const CONTEXT = 'acme/us/fizz/original';

describe('savingNow: the page says Loading while a Grow edit is on its way (issue 13)', () => {
  it('counts edits of this product being sent, online', () => {
    expect(savingNow([command('pending')], CONTEXT, true)).toBe(true);
    expect(savingNow([command('done'), command('conflict')], CONTEXT, true)).toBe(false);
  });

  it('is quiet for an edit that waits on the device: offline, or waiting for a retry', () => {
    expect(savingNow([command('pending')], CONTEXT, false)).toBe(false);
    expect(savingNow([command('waiting')], CONTEXT, true)).toBe(false);
  });

  it('is quiet for an edit behind one of its chart that waits for a retry, and while the server is away (issue 27)', () => {
    expect(savingNow([command('waiting'), command('pending')], CONTEXT, true)).toBe(false);
    // Another chart's edit is on its way.
    expect(savingNow([command('waiting'), command('pending', { entityId: '8' })], CONTEXT, true)).toBe(true);
  });

  it('ignores other products and other entities', () => {
    expect(savingNow([command('pending', { context: 'acme/us/fizz/zero' })], CONTEXT, true)).toBe(false);
    expect(savingNow([command('pending', { entity: 'toolbox-unit' })], CONTEXT, true)).toBe(false);
  });
});

describe('madeOnDevice: "This chart is saved on this device and opens once the server has it"', () => {
  it('is never said of an existing chart being saved, online or not', () => {
    const existing = { id: 7, pending: true };
    expect(madeOnDevice(existing, [command('pending')], true)).toBe(false);
    expect(madeOnDevice(existing, [command('waiting')], true)).toBe(false);
    expect(madeOnDevice(existing, [command('pending')], false)).toBe(false);
  });

  it('is said of a chart made here only while it waits on the device', () => {
    const made = { id: 'tmp-1', pending: true };
    const creating = [command('pending', { entityId: 'tmp-1' })];
    expect(madeOnDevice(made, creating, false)).toBe(true);
    expect(madeOnDevice(made, [command('waiting', { entityId: 'tmp-1' })], true)).toBe(true);
    // On its way: 'Loading' says it.
    expect(madeOnDevice(made, creating, true)).toBe(false);
    expect(madeOnDevice(undefined, creating, false)).toBe(false);
  });
});

describe('noticeFor', () => {
  it('says the action once the server has it, "Saved on this device" while it is only queued, nothing on a refusal', () => {
    expect(noticeFor('applied', GROW_TEXT.saved)).toBe('Saved');
    expect(noticeFor('applied', GROW_TEXT.copied)).toBe('Copied');
    expect(noticeFor('queued', GROW_TEXT.saved)).toBe('Saved on this device');
    expect(noticeFor('queued', GROW_TEXT.deleted)).toBe('Saved on this device');
    expect(noticeFor('refused', GROW_TEXT.saved)).toBeNull();
  });
});
