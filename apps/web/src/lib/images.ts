import { IMAGES_PATH, endpointUrl, type ImageSize } from '@grail/contract';
import { platformEndpoints } from '@/lib/api/endpoints';

/** The local placeholder card shown when a picture is missing or fails to load. */
export const PLACEHOLDER_CARD_IMAGE = '/images/placeholder-card.svg';

/** Widths of the API's WebP variants, for srcset. */
const VARIANT_WIDTHS: Record<ImageSize, number> = { sm: 320, md: 640, lg: 1280 };

/**
 * The image rules: a value starting with http is used as-is; a bare file name, or one
 * starting with the images path, is served from the images route of the API host. Anything
 * missing resolves to null (the caller shows the placeholder).
 */
export function resolveImageUrl(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (trimmed.startsWith('http')) return trimmed;
  if (trimmed.startsWith(`${IMAGES_PATH}/`)) return trimmed;
  if (trimmed.startsWith('/') || trimmed.startsWith('data:') || trimmed.startsWith('blob:')) {
    return trimmed;
  }
  return endpointUrl(platformEndpoints.image, {
    imageIdentifier: trimmed.replace(/^images\//, ''),
  });
}

/** True when the URL is one of the API's images, which come in sm/md/lg WebP variants. */
function isApiImage(url: string): boolean {
  return url.startsWith(`${IMAGES_PATH}/`) && !url.includes('?');
}

/** `src` and `srcSet` for an image element, using the API's variants when it serves the image. */
export function imageSources(
  url: string,
  size: ImageSize = 'md',
): { src: string; srcSet?: string } {
  if (!isApiImage(url)) return { src: url };
  return {
    src: `${url}?size=${size}`,
    srcSet: (Object.keys(VARIANT_WIDTHS) as ImageSize[])
      .map((variant) => `${url}?size=${variant} ${VARIANT_WIDTHS[variant]}w`)
      .join(', '),
  };
}
