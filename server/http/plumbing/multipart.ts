import type { FastifyRequest } from 'fastify';
import type { MultipartDeclaration } from '../../../src/contract/call';
import { ERROR_CODES, type FieldError } from '../../../src/contract/errors';
import { invalidData, refused } from '../../domain/errors';

/** The declared files of a multipart body, by part name (a missing optional file is absent). */
export type UploadedFiles = Record<string, { data: Buffer; filename: string; mimetype: string }>;

/** Text parts are small: names, ids, crop numbers. */
const MAX_FIELD_BYTES = 4096;
const MAX_FIELDS = 32;

/**
 * Reads a multipart body as declared: text fields as strings (validated by the
 * caller against the declaration's schema), the declared files as buffers
 * within their size limits; undeclared files are refused, not buffered.
 */
export async function readMultipart(
  request: FastifyRequest,
  declared: MultipartDeclaration['files'],
): Promise<{ fields: Record<string, string>; files: UploadedFiles }> {
  if (!request.isMultipart()) throw refused(ERROR_CODES.wrongFileBody);
  const largest = Math.max(1, ...Object.values(declared).map((f) => f.maxBytes));
  const fields: Record<string, string> = {};
  const files: UploadedFiles = {};
  const errors: Record<string, FieldError> = {};
  const parts = request.parts({
    limits: { fileSize: largest, files: Object.keys(declared).length, fieldSize: MAX_FIELD_BYTES, fields: MAX_FIELDS },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const spec = declared[part.fieldname];
      if (!spec) {
        part.file.resume();
        errors[part.fieldname] = { code: 'invalid' };
        continue;
      }
      const data = await part.toBuffer();
      if (part.file.truncated || data.length > spec.maxBytes) {
        errors[part.fieldname] = { code: 'max_value', params: { max: spec.maxBytes } };
        continue;
      }
      files[part.fieldname] = { data, filename: part.filename, mimetype: part.mimetype };
    }
  } catch (error) {
    // busboy's limits (too many parts, a field too long) and a body cut short are the client's fault.
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('FST_') || code === 'ERR_STREAM_PREMATURE_CLOSE') throw refused(ERROR_CODES.wrongFileBody);
    throw error;
  }
  for (const [name, spec] of Object.entries(declared)) {
    if (spec.required && !files[name] && !errors[name]) errors[name] = { code: 'required' };
  }
  if (Object.keys(errors).length > 0) throw invalidData(errors);
  return { fields, files };
}
