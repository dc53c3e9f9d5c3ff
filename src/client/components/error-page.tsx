import { useEffect } from 'react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { TEXT } from '@shared/constants';
import { isApiError } from '../lib/api-error';
import { handleApiError } from '../lib/error-handling';

/** Router errorComponent: the catalogue of spec 1 §8 for errors no query already reported. */
export function ErrorPage({ error }: ErrorComponentProps) {
  const reportedByQuery = isApiError(error);
  useEffect(() => {
    if (!reportedByQuery) handleApiError(error);
  }, [error, reportedByQuery]);
  const message = isApiError(error) && error.status === 403 ? error.message : TEXT.genericError;
  return (
    <div className="standalone-page" role="alert">
      <h1>{message}</h1>
    </div>
  );
}
