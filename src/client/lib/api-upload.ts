import * as z from 'zod/mini';
import { ApiRequestError } from './api-error';
import { requestHeaders, type RequestOptions } from './api-client';

/** Where an upload is: sending its bytes (with the share sent), then waiting for the server to read and apply it. */
export type UploadProgress = { phase: 'sending'; sent: number; total: number } | { phase: 'processing' };

/**
 * Sends a file as a multipart form (one field, `field`), with the contract headers of every
 * call, and parses the answer with zod; a refusal throws ApiRequestError with the server's
 * message. XMLHttpRequest, not fetch: only it reports how much of a large file has gone.
 * Shared by every uploader page (Grow, Journeys, Explore; discussions and surveys next).
 */
export function apiUpload<S extends z.ZodMiniType>(
  path: string,
  file: File,
  schema: S,
  options: Pick<RequestOptions, 'context'> & { field?: string; onProgress?: (p: UploadProgress) => void; signal?: AbortSignal },
): Promise<z.infer<S>> {
  const form = new FormData();
  form.append(options.field ?? 'template', file, file.name);
  const headers = requestHeaders({ context: options.context });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (e) => options.onProgress?.({ phase: 'sending', sent: e.loaded, total: e.lengthComputable ? e.total : file.size });
    xhr.upload.onload = () => options.onProgress?.({ phase: 'processing' });
    xhr.onerror = () => reject(new ApiRequestError(0, 'NETWORK_ERROR', 'The upload could not reach the server. Check the connection and upload the file again.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    xhr.onload = () => {
      const response = new Response(xhr.responseText, { status: xhr.status, headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' } });
      if (xhr.status < 200 || xhr.status >= 300) {
        void ApiRequestError.fromResponse(response).then(reject, reject);
        return;
      }
      const parsed = z.safeParse(schema, (() => {
        try {
          return JSON.parse(xhr.responseText) as unknown;
        } catch {
          return null;
        }
      })());
      if (parsed.success) resolve(parsed.data);
      else reject(new ApiRequestError(xhr.status, 'INVALID_RESPONSE', `Unexpected response from ${path}`));
    };
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
