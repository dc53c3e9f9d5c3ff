import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UPLOAD_LIMITS, UPLOAD_TEXT } from '@shared/rules/uploads';
import { ERROR_CODES } from '@shared/schemas/error';
import { AppError, badRequest } from '../../lib/errors';

/** Multipart for a plugin's upload routes: one file, capped at the uploads' size, nothing else of note. */
export async function acceptTemplateUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMITS.bytes, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 200 },
  });
}

/** The body limit of an upload route: the file and its multipart envelope. */
export const UPLOAD_BODY_LIMIT = UPLOAD_LIMITS.bytes + 64 * 1024;

/**
 * The bytes of the multipart field `template` (spec 2 §7), shared by every uploader: anything
 * else, a second file, a file over the limit or an empty one is refused with the reason.
 */
export async function templateBytes(request: FastifyRequest): Promise<Uint8Array> {
  if (!request.isMultipart()) throw new AppError(415, ERROR_CODES.unsupportedMediaType, 'Send the file as multipart/form-data, in a field named template.');
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'template') {
        await part.toBuffer().catch(() => undefined);
        throw badRequest(`Send the file in a field named template, not ${part.fieldname.slice(0, 40)}.`);
      }
      bytes = await part.toBuffer();
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, ERROR_CODES.payloadTooLarge, UPLOAD_TEXT.tooBig);
    if (code && /^FST_(FILES|PARTS|FIELDS)_LIMIT$/.test(code)) throw badRequest('Send one file, in a field named template, and nothing else.');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_PROTO_VIOLATION') throw badRequest('The upload is not well-formed multipart/form-data.');
    throw err;
  }
  if (!bytes) throw badRequest('Send the file in a field named template.');
  if (bytes.length === 0) throw new AppError(422, ERROR_CODES.validation, UPLOAD_TEXT.notWorkbook);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
