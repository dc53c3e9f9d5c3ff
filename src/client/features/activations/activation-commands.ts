import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parseContextHeader } from '@shared/rules/context';
import { activationResponseSchema, type Activation, type CreateActivationBody } from '@shared/schemas/activations';
import { api } from '../../lib/api-client';
import { activationKeys } from '../../lib/activation-queries';
import { errorToast } from '../../lib/ui-store';

/**
 * Activate, Refresh and Cancel are sent at once, not through the outbox: each asks the server to
 * act on a live delivery now (send an audience to an ad platform, stop a job), and is refused
 * when the delivery has moved on (409). Replayed from a queue later, it would send or stop a
 * delivery at a time the user did not choose. Each call still carries its own X-Request-ID, so a
 * resend of the same call is applied once.
 */
function useActivationWrite<V>(productPath: string, failure: string | null, send: (vars: V) => Promise<Activation>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activationKeys.product(productPath) }),
    // A form says what went wrong beside its fields (failure null); a row action, in a toast.
    onError: (error) => (failure ? errorToast(failure, error instanceof Error ? error.message : undefined) : undefined),
    meta: { handlesErrors: true },
  });
}

const post = async (productPath: string, path: string, body?: unknown) =>
  (await api(path, activationResponseSchema, { method: 'POST', body, context: parseContextHeader(productPath) })).data;

export const useActivateAudience = (productPath: string) =>
  useActivationWrite(productPath, null, (body: CreateActivationBody) => post(productPath, '/api/activations', body));

export const useRefreshActivation = (productPath: string) =>
  useActivationWrite(productPath, 'The activation was not refreshed', (a: Activation) => post(productPath, `/api/activations/${a.id}/refresh`));

export const useCancelActivation = (productPath: string) =>
  useActivationWrite(productPath, 'The activation was not canceled', (a: Activation) => post(productPath, `/api/activations/${a.id}/cancel`));
