/**
 * Saving an audience (spec 3 §3 "Audience to save"): the messages the builder and the server
 * give. In its own module, so the outbox's registration at start does not load every schema.
 */
export const AUDIENCE_TEXT = {
  nameRequired: 'Name is required.',
  nameTooLong: 'A name can be at most 100 characters.',
  descriptionTooLong: 'A description can be at most 1000 characters.',
  saved: 'Audience saved',
  /** A rule with groups of demographic values (spec 3 §5): a persona or filter may hold them, an audience may not. */
  nonSegments: 'This audience includes non-segments (demographic values), so it cannot be saved as an audience.',
} as const;
