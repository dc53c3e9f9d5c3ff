import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommandInput } from './offline/outbox-store';

const enqueued: CommandInput[] = [];
vi.mock('./offline/outbox-client', () => ({
  enqueue: (input: CommandInput) => {
    enqueued.push(input);
    return Promise.resolve({ ...input, seq: enqueued.length });
  },
}));

const { enqueuePersonaCreate, enqueuePersonaUpdate, PERSONA_ENTITY } = await import('./persona-writes');
const rules = { include: { and: [[1, 2]] }, exclude: [3], values: [] };

describe('persona writes', () => {
  beforeEach(() => {
    enqueued.length = 0;
  });

  it('queues a new persona as a POST with its temporary id as client_key', async () => {
    const { id, queued } = enqueuePersonaCreate('acme/us/b/p', ' Fans ', rules);
    await queued;
    expect(enqueued).toEqual([{
      entity: PERSONA_ENTITY, entityId: id, baseVersion: null, method: 'POST', path: '/api/personas', context: 'acme/us/b/p', label: 'Create persona Fans', makes: [id],
      body: { name: 'Fans', identifiers: rules, default: false, icon: null, client_key: id },
    }]);
    expect(id).toMatch(/^tmp-/);
  });

  it('queues an edit on the version edited, with what it saw of name and filters', async () => {
    const old = { include: { and: [[1]] }, exclude: [], values: [] };
    await enqueuePersonaUpdate('ctx', { id: 7, name: 'Old', identifiers: old, version: 4 }, { name: 'New ', identifiers: rules });
    expect(enqueued).toEqual([{
      entity: 'persona', entityId: '7', baseVersion: 4, method: 'PUT', path: '/api/personas/7', context: 'ctx', label: 'Save persona New',
      body: { name: 'New', identifiers: rules, base: { name: 'Old', identifiers: old } },
    }]);
  });
});
