import { describe, expect, it } from 'vitest';
import { AUDIENCE_TEXT } from '@shared/rules/audiences';
import type { StoredCommand } from '../../lib/offline/db';
import { saveAudienceBody, savedAudienceHandler, validateAudienceDraft, type AudienceRowView } from './save-audience-commands';

const rules = { include: { and: [[1, 2]] }, exclude: [], values: [] };

describe('validateAudienceDraft', () => {
  it('needs a name, trimmed, of at most 100 characters', () => {
    expect(validateAudienceDraft({ name: '', description: '' })).toEqual([{ field: 'name', message: AUDIENCE_TEXT.nameRequired }]);
    expect(validateAudienceDraft({ name: '   ', description: '' })).toEqual([{ field: 'name', message: AUDIENCE_TEXT.nameRequired }]);
    expect(validateAudienceDraft({ name: ` ${'a'.repeat(100)} `, description: '' })).toEqual([]);
    expect(validateAudienceDraft({ name: 'a'.repeat(101), description: '' })).toEqual([{ field: 'name', message: AUDIENCE_TEXT.nameTooLong }]);
  });

  it('allows a description of at most 1000 characters', () => {
    expect(validateAudienceDraft({ name: 'x', description: 'd'.repeat(1000) })).toEqual([]);
    expect(validateAudienceDraft({ name: '', description: 'd'.repeat(1001) })).toEqual([
      { field: 'name', message: AUDIENCE_TEXT.nameRequired },
      { field: 'description', message: AUDIENCE_TEXT.descriptionTooLong },
    ]);
  });
});

describe('saveAudienceBody', () => {
  it('sends the trimmed fields, the rule and the referer', () => {
    expect(saveAudienceBody({ name: ' Fans ', description: ' d ' }, rules, 'Grow')).toEqual({ name: 'Fans', description: 'd', rules, referer: 'Grow' });
    expect(saveAudienceBody({ name: 'Fans', description: '' }, rules, undefined)).toEqual({ name: 'Fans', description: '', rules });
  });
});

const row = (id: number, name = `a${id}`): AudienceRowView => ({
  id, name, type: 'audience', audience_type: null, created_at: '2024-01-01T00:00:00.000Z', count: { people: { global: 10 } }, source_identifier: null,
});
const command = (entityId: string, body?: unknown): StoredCommand => ({
  id: `c-${entityId}`, entity: 'saved_audience', entityId, baseVersion: null, createdAt: Date.UTC(2024, 5, 1), state: 'pending', attempts: 0, nextAttemptAt: null,
  userId: 1, method: 'POST', path: '/api/audiences', body, context: 'acme/us/fizz-cola/fizz-original', label: 'Save audience Fans',
});
const copy = { id: 50, name: 'Fans', description: null, rules, people_count: 1234, version: 1, created_at: '2024-06-01T00:00:00.000Z' };

describe('the saved audience handler', () => {
  it('names the home lists of the command’s product context', () => {
    expect(savedAudienceHandler.queryKeys(command('tmp-1'))).toEqual([['home-entities', 'acme/us/fizz-cola/fizz-original']]);
  });

  it('shows a queued save first, pending, under its temporary id', () => {
    const view = savedAudienceHandler.apply([row(1), row(2)], command('tmp-1', { name: 'Fans', rules }));
    expect(view.map((r) => [r.id, r.name, r.pending ?? false])).toEqual([['tmp-1', 'Fans', true], [1, 'a1', false], [2, 'a2', false]]);
  });

  it('takes the server’s copy in place of the pending row, keeping a full list at its length', () => {
    const full = [1, 2, 3, 4, 5].map((id) => row(id));
    const settled = savedAudienceHandler.settle(full, command('tmp-1'), copy);
    expect(settled.map((r) => r.id)).toEqual([50, 1, 2, 3, 4]);
    expect(settled[0]).toMatchObject({ name: 'Fans', count: { people: { global: 1234 } }, created_at: copy.created_at });
    const pending = savedAudienceHandler.apply([row(1)], command('tmp-1', { name: 'Fans' }));
    expect(savedAudienceHandler.settle(pending, command('tmp-1'), copy).map((r) => r.id)).toEqual([50, 1]);
  });

  it('drops the pending row when there is no copy', () => {
    const pending = savedAudienceHandler.apply([row(1)], command('tmp-1', { name: 'Fans' }));
    expect(savedAudienceHandler.settle(pending, command('tmp-1'), null).map((r) => r.id)).toEqual([1]);
  });
});
