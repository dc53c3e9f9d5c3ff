/** Errors whose own message is meant for the user: ours, the engine's time limit and refusals, a cancellation. */
export const AUDIENCE_JOB_READABLE = new Set(['AudienceJobError', 'TimeLimitError', 'AbortError']);

/** The reason a failed audience shows: the error's message when it is meant for people, else `fallback`. */
export function audienceFailureReason(err: unknown, signal: AbortSignal, fallback: string): string {
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    const text = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : '';
    return text ? `It was stopped: ${text.replace(/\.$/, '')}.` : 'It was stopped.';
  }
  return err instanceof Error && AUDIENCE_JOB_READABLE.has(err.name) && err.message ? err.message : fallback;
}
