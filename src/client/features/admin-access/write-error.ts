import { TEXT } from '@shared/constants';
import { isApiError } from '../../lib/api-error';
import { ACCESS_TEXT } from './access-text';

/**
 * What a failed admin write tells its form: the server's own message (a refusal, a rule, a
 * conflict), or that the browser could not reach it (offline: the form keeps what was typed).
 */
export function writeErrorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  if (error instanceof TypeError || (typeof navigator !== 'undefined' && !navigator.onLine)) return ACCESS_TEXT.offline;
  return TEXT.genericError;
}
