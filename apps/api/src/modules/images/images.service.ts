import sharp from 'sharp';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { ImageSize } from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { images, imageVariants } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../errors.js';

/** Width of each stored WebP variant (cards are portrait, 5:7). */
export const IMAGE_VARIANT_WIDTHS: Record<ImageSize, number> = { sm: 320, md: 640, lg: 1280 };
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'svg']);

export type EncodedImage = {
  size: ImageSize;
  contentType: string;
  width: number;
  height: number;
  bytes: Buffer;
}[];

export interface StoredImage {
  contentType: string;
  bytes: Buffer;
}

/** Which of these ids name no stored image (a card may only show uploaded images). */
export async function unknownImageIds(ids: readonly string[], db: Db | Tx): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: images.id })
    .from(images)
    .where(inArray(images.id, [...ids]));
  const known = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

/**
 * Storage behind one small interface, so an S3-compatible store can replace the database later.
 * Variants are re-encoded WebP: EXIF and other metadata are dropped by sharp unless asked to keep them.
 */
export class ImagesService {
  constructor(private readonly db: Db) {}

  async store(
    input: Buffer,
    originalName: string | null = null,
    tx: Db | Tx = this.db,
  ): Promise<string> {
    return this.save(await this.encode(input), originalName, tx);
  }

  /** CPU work only, so callers can encode before opening a transaction. */
  async encode(input: Buffer): Promise<EncodedImage> {
    if (input.length > MAX_IMAGE_BYTES) {
      throw new AppError(413, 'Images can be at most 10 MB.', 'Payload Too Large');
    }
    let format: string | undefined;
    try {
      format = (await sharp(input).metadata()).format;
    } catch {
      format = undefined;
    }
    if (!format || !ACCEPTED_FORMATS.has(format)) {
      throw new AppError(
        415,
        'Only JPEG, PNG and WebP images are accepted.',
        'Unsupported Media Type',
      );
    }
    try {
      // Vector art is rasterised once at 2x, then every variant is cut from that bitmap.
      const source =
        format === 'svg'
          ? await sharp(input, { density: 144 }).png({ compressionLevel: 0 }).toBuffer()
          : input;
      return await Promise.all(
        (Object.entries(IMAGE_VARIANT_WIDTHS) as [ImageSize, number][]).map(
          async ([size, width]) => {
            const { data, info } = await sharp(source)
              .rotate()
              .resize({ width, withoutEnlargement: true })
              .webp({ quality: 82, effort: 2 })
              .toBuffer({ resolveWithObject: true });
            return {
              size,
              contentType: 'image/webp',
              width: info.width,
              height: info.height,
              bytes: data,
            };
          },
        ),
      );
    } catch {
      // The header named a format we take, but its pixels do not decode (a truncated or damaged
      // file): the sender's fault, and nothing is stored.
      throw badRequest(
        'The image could not be read: the file is damaged or incomplete. Upload it again.',
        { field: 'image' },
      );
    }
  }

  async save(
    encoded: EncodedImage,
    originalName: string | null = null,
    tx: Db | Tx = this.db,
  ): Promise<string> {
    const id = randomBytes(12).toString('base64url');
    await tx.insert(images).values({ id, originalName });
    await tx.insert(imageVariants).values(encoded.map((variant) => ({ ...variant, imageId: id })));
    return id;
  }

  async get(id: string, size: ImageSize): Promise<StoredImage | null> {
    const [row] = await this.db
      .select({ contentType: imageVariants.contentType, bytes: imageVariants.bytes })
      .from(imageVariants)
      .where(and(eq(imageVariants.imageId, id), eq(imageVariants.size, size)))
      .limit(1);
    return row ?? null;
  }
}
