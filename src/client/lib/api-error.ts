import * as z from 'zod/mini';
import { TEXT } from '@shared/constants';
import { apiErrorSchema, ERROR_CODES } from '@shared/schemas/error';

/** Every failed API call becomes this error (spec 1 §8 decides what the user sees). */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly refreshLogin: boolean;
  readonly retryAfter: string | null;
  /** The error body's `details` (422 `fields`, 409 `uses` or `current`, 404 `gone`…), as the server sent it. */
  readonly details: unknown;

  constructor(status: number, code: string, message: string, refreshLogin = false, retryAfter: string | null = null, details: unknown = undefined) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    this.refreshLogin = refreshLogin;
    this.retryAfter = retryAfter;
    this.details = details;
  }

  static async fromResponse(response: Response): Promise<ApiRequestError> {
    const body: unknown = await response.json().catch(() => null);
    const parsed = apiErrorSchema.safeParse(body);
    const retryAfter = response.headers.get('retry-after');
    if (!parsed.success) {
      return new ApiRequestError(response.status, 'HTTP_ERROR', response.statusText || `HTTP ${response.status}`, false, retryAfter);
    }
    const { error, refresh_login } = parsed.data;
    return new ApiRequestError(response.status, error.code, error.message, refresh_login === true, retryAfter, error.details);
  }
}

export function isApiError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

const fieldsDetailsSchema = z.object({ fields: z.record(z.string(), z.string()) });

/** A 422's messages by field path (`details.fields`), as the form shows them under its inputs; {} for any other failure. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  return fieldsDetailsSchema.safeParse(error.details).data?.fields ?? {};
}

/** What a 409 IN_USE names as using the thing (`details.uses`), each read with `item`; [] for any other failure. */
export function inUseList<T extends z.ZodMiniType>(error: unknown, item: T): z.infer<T>[] {
  if (!isApiError(error) || error.code !== ERROR_CODES.inUse) return [];
  return z.object({ uses: z.array(item) }).safeParse(error.details).data?.uses ?? [];
}

/** True when no server answered: fetch failed (network down) or the browser knows it is offline. */
export function isUnreachable(error: unknown): boolean {
  return !isApiError(error) && (error instanceof TypeError || (typeof navigator !== 'undefined' && !navigator.onLine));
}

/**
 * The server's reason for refusing, when it is one the user can act on (issue 27 item 9): a 409
 * (taken, in use, changed meanwhile) or a 422 (a rule of the input) names what to change; a
 * form says it rather than its generic "unable to save". Null for anything else (no server, a
 * 5xx, a 403), where the form's own words stand.
 */
export function actionableReason(error: unknown): string | null {
  if (!isApiError(error) || (error.status !== 409 && error.status !== 422)) return null;
  return error.message.trim() === '' ? null : error.message;
}

/**
 * What a failed online-only write says: the server's own words (a refusal, a rule, a conflict),
 * `unreachable` (the area's words) when no server answered, else the generic error.
 */
export function writeFailureMessage(error: unknown, unreachable: string): string {
  if (isApiError(error)) return error.message;
  return isUnreachable(error) ? unreachable : TEXT.genericError;
}
