import { describe, expect, it } from 'vitest';
import { BUILDER_TEXT, saveBlock, saveKind, type SaveGate } from './builder-mode';

describe('builder mode', () => {
  it('saves an audience from audiences/builder, a persona from Explore, a request from the motivation builder', () => {
    expect(saveKind('audiences', 'create', undefined)).toBe('audience');
    // Explore's Convert to Audience (spec 3 §2.1): the persona's rule saved as an audience.
    expect(saveKind('audiences', 'savePersona', 4)).toBe('audience');
    expect(saveKind('audiences', 'savePersona', undefined)).toBe('audience');
    expect(saveKind('audiences', 'requestMotivationAudience', undefined)).toBe('motivation');
    expect(saveKind('explore', 'create', undefined)).toBe('persona-create');
    expect(saveKind('explore', 'edit', 4)).toBe('persona-edit');
    expect(saveKind('explore', 'savePersona', 4)).toBe('persona-edit');
    expect(saveKind('motivation', 'create', 4)).toBe('motivation');
  });

  const gate = (over: Partial<SaveGate>): SaveGate => ({
    kind: 'audience', hasRule: true, hasNonSegments: false, refusedSegments: [],
    can: { audiencesCreate: true, exploreCreate: true, exploreUpdate: true, motivationCreate: true }, ...over,
  });

  it('says why it cannot save: permission, an empty rule, non-segments or a refused segment for an audience', () => {
    expect(saveBlock(gate({}))).toBeNull();
    expect(saveBlock(gate({ can: { audiencesCreate: false, exploreCreate: true, exploreUpdate: true, motivationCreate: true } }))).toBe(BUILDER_TEXT.noAudienceCreate);
    expect(saveBlock(gate({ hasRule: false }))).toBe(BUILDER_TEXT.emptyRule);
    expect(saveBlock(gate({ hasNonSegments: true }))).toBe(BUILDER_TEXT.nonSegments);
    expect(saveBlock(gate({ refusedSegments: ['Gaming'] }))).toBe('You do not have permission to create an audience from Gaming.');
    expect(saveBlock(gate({ kind: 'persona-create', hasNonSegments: true, refusedSegments: ['Gaming'] }))).toBeNull();
    expect(saveBlock(gate({ kind: 'persona-edit', can: { audiencesCreate: true, exploreCreate: true, exploreUpdate: false, motivationCreate: true } }))).toBe(BUILDER_TEXT.noPersonaUpdate);
  });
});
