import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { MAX_IMPORT_BYTES } from '@clubtix/contract';
import { AppError, badInput, say } from '../../core/errors';

/** The form of POST /registration/bulkImportAttendee: its text fields, and its file on disk. */
export interface ImportUpload {
  fields: Record<string, string>;
  file: { path: string; filename: string } | null;
  /** Removes the file; always called once the import is done with it. */
  discard(): Promise<void>;
}

const tooLarge = () =>
  new AppError(
    'TOO_LARGE',
    say('The file is too large: the limit is {megabytes} MB', { megabytes: MAX_IMPORT_BYTES / 1024 / 1024 }),
  );

function hasClientErrorStatus(error: unknown): boolean {
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * Reads the multipart form in whatever order its parts come, the file going straight to a private
 * temporary folder (never into memory), cut off at MAX_IMPORT_BYTES with a 413. A body the parser
 * cannot read is the sender's mistake: 400, never a 5xx.
 */
export async function receiveImportUpload(request: FastifyRequest): Promise<ImportUpload> {
  if (!request.isMultipart()) {
    throw badInput('Send the form as multipart/form-data: eventId, ticketId and the file in the field "file"', 'file');
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'clubtix-import-'));
  const upload: ImportUpload = {
    fields: {},
    file: null,
    discard: () => rm(folder, { recursive: true, force: true }),
  };
  try {
    const parts = request.parts({
      limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') upload.fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file') throw badInput('Send the spreadsheet in the field "file"', 'file');
      const target = path.join(folder, 'upload');
      await pipeline(part.file, createWriteStream(target));
      if (part.file.truncated) throw tooLarge();
      upload.file = { path: target, filename: part.filename };
    }
    return upload;
  } catch (error) {
    await upload.discard();
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (error instanceof AppError || hasClientErrorStatus(error)) throw error;
    throw badInput('The upload could not be read: send the form as multipart/form-data', 'file');
  }
}
