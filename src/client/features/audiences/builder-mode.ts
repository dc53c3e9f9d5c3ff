import { AUDIENCE_TEXT } from '@shared/rules/audiences';
import { EXPLORE_TEXT } from '@shared/rules/explore';
import type { BuilderAction } from './audience-builder-search';

/**
 * What the one builder does (issue 15), from the route it is on, the `action` parameter and
 * whether a persona is named: save an audience, create or edit a persona, or request a
 * motivation audience.
 */
export type BuilderRoute = 'audiences' | 'explore' | 'motivation';
export type SaveKind = 'audience' | 'persona-create' | 'persona-edit' | 'motivation';

export function saveKind(route: BuilderRoute, action: BuilderAction, personaId: number | undefined): SaveKind {
  if (route === 'motivation' || action === 'requestMotivationAudience') return 'motivation';
  // The audience builder saves audiences: Explore's Convert to Audience comes with action
  // savePersona (spec 3 §2.1, the persona's rule saved as an audience).
  if (route === 'audiences') return 'audience';
  return personaId !== undefined ? 'persona-edit' : 'persona-create';
}

export const BUILDER_TITLES: Record<SaveKind, string> = {
  audience: 'Save Audience',
  'persona-create': 'Save Persona',
  'persona-edit': 'Edit Persona',
  motivation: 'Request Motivation Audience',
};

export const BUILDER_TEXT = {
  nothingToSave: 'There is nothing to save: choose audiences first.',
  emptyRule: 'Add at least one segment to the rule.',
  noAudienceCreate: 'You do not have permission to create audiences, so this selection cannot be saved as an audience.',
  noPersonaCreate: EXPLORE_TEXT.noCreate,
  noPersonaUpdate: EXPLORE_TEXT.noUpdate,
  noMotivation: EXPLORE_TEXT.noMotivation,
  /** A saved audience names segments only (spec 3 §5): the server's words. */
  nonSegments: AUDIENCE_TEXT.nonSegments,
  noSingle: (name: string) => `You do not have permission to create an audience from ${name}.`,
  smallSample: (threshold: number) => `This audience has fewer than ${threshold} people: results based on it may not be reliable.`,
  needsConnection: 'Counts need a connection.',
  lastKnown: 'Last known',
  growSubtitle: 'From your Grow chart selection',
} as const;

export interface SaveGate {
  kind: SaveKind;
  /** The rule has a group with something in it. */
  hasRule: boolean;
  hasNonSegments: boolean;
  can: { audiencesCreate: boolean; exploreCreate: boolean; exploreUpdate: boolean; motivationCreate: boolean };
  /** Included segments a one-segment audience may not be made of (data permission create_audience_single), by name. */
  refusedSegments: readonly string[];
}

/** Why the builder cannot save, or null. Permission first, then the rule. */
export function saveBlock(g: SaveGate): string | null {
  switch (g.kind) {
    case 'audience':
      if (!g.can.audiencesCreate) return BUILDER_TEXT.noAudienceCreate;
      break;
    case 'persona-create':
      if (!g.can.exploreCreate) return BUILDER_TEXT.noPersonaCreate;
      break;
    case 'persona-edit':
      if (!g.can.exploreUpdate) return BUILDER_TEXT.noPersonaUpdate;
      break;
    case 'motivation':
      if (!g.can.motivationCreate) return BUILDER_TEXT.noMotivation;
      break;
  }
  if (!g.hasRule) return BUILDER_TEXT.emptyRule;
  if (g.kind === 'audience') {
    if (g.hasNonSegments) return BUILDER_TEXT.nonSegments;
    if (g.refusedSegments.length > 0) return BUILDER_TEXT.noSingle(g.refusedSegments.join(', '));
  }
  return null;
}
