import { fieldError } from '../errors';
import type { WorkbookData } from './model';
import { readWorkbook, SpreadsheetRefused } from './read';

/**
 * readWorkbook for an upload endpoint: a file refused as a file becomes the field's error (with the
 * refusal's status: 413 over budget, 503 when the reader is saturated, else 422).
 */
export async function readUploadedWorkbook(
  data: Buffer,
  filename: string,
  field: string,
): Promise<WorkbookData> {
  try {
    return await readWorkbook(data, filename);
  } catch (err) {
    if (err instanceof SpreadsheetRefused) throw fieldError(field, err.message, err.statusCode);
    throw err;
  }
}
