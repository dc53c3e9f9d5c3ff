import { ApiRequestError } from './api-error';
import { requestHeaders, type RequestOptions } from './api-client';
import { fileNameOf } from './content-disposition';

/**
 * A file from the API (a report, the report history), saved under the name the server's
 * Content-Disposition gives, or `fallbackName` without one. Same headers as every api() call
 * (the session cookie, X-Context); a refusal throws ApiRequestError with the server's message.
 * Apart from api-client, which the shell loads: only the notification centre downloads.
 */
export async function apiDownload(path: string, fallbackName: string, options: Pick<RequestOptions, 'context' | 'signal'>): Promise<string> {
  const headers = requestHeaders({ context: options.context });
  // The file, or the JSON error shape when refused.
  headers.set('accept', '*/*');
  const response = await fetch(path, { credentials: 'same-origin', headers, signal: options.signal });
  if (!response.ok) throw await ApiRequestError.fromResponse(response);
  const fileName = fileNameOf(response.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(await response.blob(), fileName);
  return fileName;
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after the click returns: it is released a while later.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
