import { MAX_IMAGE_BYTES } from './images.service.js';

/** The multipart limits of every one-image upload: one file of at most 10 MB, no other fields. */
export const IMAGE_UPLOAD_LIMITS = { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0 };

/** Photos are JPEG, PNG or WebP by their magic bytes (never vector art or anything else). */
export function isPhoto(b: Buffer): boolean {
  return (
    (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) ||
    b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ||
    (b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP')
  );
}
