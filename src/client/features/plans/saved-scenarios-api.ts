import * as z from 'zod/mini';
import type { ContextSlugs } from '@shared/rules/context';
import { deleteAnswerSchema } from '@shared/schemas/audiences';
import { ERROR_CODES } from '@shared/schemas/error';
import { scenarioResponseSchema, scenarioSchema, type Scenario, type ScenarioBody } from '@shared/schemas/plans';
import { api } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';

/** The planner's writes of saved scenarios (api() sends a fresh X-Request-ID with each). */
export const createScenario = async (context: ContextSlugs, body: ScenarioBody): Promise<Scenario> =>
  (await api('/api/scenarios', scenarioResponseSchema, { context, method: 'POST', body })).data;

export const updateScenario = async (context: ContextSlugs, id: number, body: ScenarioBody & { version: number }): Promise<Scenario> =>
  (await api(`/api/scenarios/${id}`, scenarioResponseSchema, { context, method: 'PUT', body })).data;

export const deleteScenario = async (context: ContextSlugs, scenario: Pick<Scenario, 'id' | 'version'>): Promise<string> =>
  (await api(`/api/scenarios/${scenario.id}?version=${scenario.version}`, deleteAnswerSchema, { context, method: 'DELETE' })).data.message;

/** The scenario as it is now, from a 409 VERSION_CONFLICT's details; null for any other failure. */
export function conflictCurrent(error: unknown): Scenario | null {
  if (!isApiError(error) || error.code !== ERROR_CODES.versionConflict) return null;
  return z.object({ current: scenarioSchema }).safeParse(error.details).data?.current ?? null;
}
