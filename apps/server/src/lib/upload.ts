import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fieldError } from './errors';

export interface UploadRules {
  /** The form field that carries the file; every refusal names it. */
  field: string;
  maxBytes: number;
  /** No file, another field, an empty or unreadable one. */
  required: string;
  tooLarge: string;
  /** 413 for workbooks; the photo form answers 422 as the reference does. */
  tooLargeStatus?: number;
}

export interface Upload {
  data: Buffer;
  filename: string;
}

/**
 * The one way a route receives a single uploaded file: multipart only, one file in `field`, at
 * most `maxBytes` (counted by busboy while it streams, so a larger body is never buffered), not
 * empty. Every failure is a field error in Indonesian on `field`; what the bytes are is the
 * caller's next check (lib/spreadsheet, lib/image).
 */
export async function receiveUpload(request: FastifyRequest, rules: UploadRules): Promise<Upload> {
  const { field, maxBytes, required, tooLarge, tooLargeStatus = 413 } = rules;
  if (!request.isMultipart()) throw fieldError(field, required);
  let file: MultipartFile | undefined;
  try {
    file = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024 } });
  } catch {
    throw fieldError(field, required);
  }
  if (file?.fieldname !== field) throw fieldError(field, required);
  let data: Buffer;
  try {
    data = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw fieldError(field, tooLarge, tooLargeStatus);
    throw fieldError(field, required);
  }
  if (file.file.truncated || data.length > maxBytes) throw fieldError(field, tooLarge, tooLargeStatus);
  if (data.length === 0) throw fieldError(field, required);
  return { data, filename: file.filename };
}
