import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../errors.js';

/**
 * The multipart uploads' one reader. Every text a part carries (its field name, a file's name, a
 * field's value) meets the rules JSON input meets in route.ts: PostgreSQL text cannot hold a NUL,
 * so one is a 400 naming the field, before any handler sees the part.
 */
function checkPart(part: Multipart): Multipart {
  const field = part.fieldname.slice(0, 40);
  if (part.fieldname.includes('\u0000'))
    throw badRequest('Invalid body: a field name must not contain NUL characters', {
      field: 'body',
    });
  if (part.type === 'file' && part.filename.includes('\u0000'))
    throw badRequest(`Invalid ${field}: its file name must not contain NUL characters`, { field });
  if (part.type === 'field' && String(part.value).includes('\u0000'))
    throw badRequest(`Invalid body ${field}: must not contain NUL characters`, { field });
  return part;
}

/** 415 naming what to send unless the request is multipart/form-data. */
function assertMultipart(request: FastifyRequest, howToSend: string): void {
  if (!request.isMultipart()) throw new AppError(415, howToSend, 'Unsupported Media Type');
}

/** Every part of a multipart request, each checked (checkPart) as it arrives. */
export async function* multipartParts(
  request: FastifyRequest,
  howToSend: string,
): AsyncGenerator<Multipart> {
  assertMultipart(request, howToSend);
  for await (const part of request.parts()) yield checkPart(part);
}

/**
 * The one file of a single-file upload in the field `field`: 415 unless multipart, 400 when it
 * is missing or its name holds a NUL, 413 past the plugin's size limit (10 MB).
 */
export async function uploadedFile(
  request: FastifyRequest,
  { field, noun }: { field: string; noun: 'photo' | 'image' },
): Promise<{ bytes: Buffer; filename: string | null }> {
  assertMultipart(request, `Send the ${noun} as multipart/form-data in a field named "${field}".`);
  const file = await request.file();
  if (!file)
    throw badRequest(`Attach ${noun === 'image' ? 'an' : 'a'} ${noun} in the field "${field}".`, {
      field,
    });
  checkPart(file);
  try {
    return { bytes: await file.toBuffer(), filename: file.filename || null };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(
        413,
        `${noun === 'image' ? 'Images' : 'Photos'} can be at most 10 MB.`,
        'Payload Too Large',
      );
    throw err;
  }
}
