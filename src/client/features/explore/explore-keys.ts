/**
 * Explore's query keys and outbox entities, on their own: the outbox handlers registered at
 * start need them, and must not load the query functions and schemas with them (decision 006).
 */
export const exploreKeys = {
  personas: (context: string) => ['explore', context, 'personas'] as const,
  persona: (context: string, id: number | string) => ['explore', context, 'persona', String(id)] as const,
  widgets: (context: string, personaId: number | string) => ['explore', context, 'widgets', String(personaId)] as const,
  tabs: (context: string) => ['explore', context, 'tabs'] as const,
};

/** The builder queues persona writes too (lib/persona-writes): one name for the entity. */
export { PERSONA_ENTITY } from '../../lib/persona-writes';
export const WIDGET_ENTITY = 'custom_widget';
