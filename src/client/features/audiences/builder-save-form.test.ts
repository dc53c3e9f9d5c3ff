import { describe, expect, it } from 'vitest';
import { EXPLORE_TEXT } from '@shared/rules/explore';
import { nameIssues } from './builder-save-form';

describe('nameIssues (issue 27: a taken persona name is said before the builder closes)', () => {
  const others = [{ id: 3, name: 'Gamers and Music Lovers' }, { id: -1, name: 'Queued here' }];
  it("refuses another persona's name in any letter case, and one queued on this device", () => {
    expect(nameIssues('persona-create', { name: 'GAMERS AND MUSIC LOVERS', description: '' }, { others, ownId: null })).toEqual([{ field: 'name', message: EXPLORE_TEXT.nameTaken }]);
    expect(nameIssues('persona-create', { name: ' queued here ', description: '' }, { others, ownId: null })).toEqual([{ field: 'name', message: EXPLORE_TEXT.nameTaken }]);
  });

  it('allows the edited persona its own name, and audiences are not checked against personas', () => {
    expect(nameIssues('persona-edit', { name: 'Gamers and Music Lovers', description: '' }, { others, ownId: 3 })).toEqual([]);
    expect(nameIssues('audience', { name: 'Gamers and Music Lovers', description: '' }, { others, ownId: null })).toEqual([]);
  });
});
