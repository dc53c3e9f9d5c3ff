import { TEXT } from '@shared/constants';
import { isApiError } from './api-error';
import { storage } from './storage';
import { showBanner } from './ui-store';

let onSessionLost: () => void = () => undefined;

/** main.tsx wires the logout it needs (query client and router live there). */
export function configureErrorHandling(options: { onSessionLost: () => void }): void {
  onSessionLost = options.onSessionLost;
}

/** The error catalogue of spec 1 §8, applied to every failed query and mutation. */
export function handleApiError(error: unknown): void {
  if (isApiError(error)) {
    if (/csrf/i.test(error.message)) storage.setCsrfToken(null);
    if (error.refreshLogin) {
      onSessionLost();
      return;
    }
    if (error.status === 403) {
      showBanner(error.message);
      return;
    }
  }
  showBanner(TEXT.genericError);
}

/** Query meta flag: the caller handles this error itself (guards, forms, health checks). */
export interface ErrorMeta extends Record<string, unknown> {
  handlesErrors?: boolean;
}
