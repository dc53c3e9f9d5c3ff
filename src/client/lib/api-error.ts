import { apiErrorSchema } from '@shared/schemas/error';

/** Every failed API call becomes this error (spec 1 §8 decides what the user sees). */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly refreshLogin: boolean;
  readonly retryAfter: string | null;

  constructor(status: number, code: string, message: string, refreshLogin = false, retryAfter: string | null = null) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    this.refreshLogin = refreshLogin;
    this.retryAfter = retryAfter;
  }

  static async fromResponse(response: Response): Promise<ApiRequestError> {
    const body: unknown = await response.json().catch(() => null);
    const parsed = apiErrorSchema.safeParse(body);
    const retryAfter = response.headers.get('retry-after');
    if (!parsed.success) {
      return new ApiRequestError(response.status, 'HTTP_ERROR', response.statusText || `HTTP ${response.status}`, false, retryAfter);
    }
    const { error, refresh_login } = parsed.data;
    return new ApiRequestError(response.status, error.code, error.message, refresh_login === true, retryAfter);
  }
}

export function isApiError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}
