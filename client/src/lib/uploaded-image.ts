import { useState } from 'react';
import { UPLOAD_IMAGE_SIZES, type UploadPurpose } from '@shared/constants';
import { smallVariantUrl } from '@shared/uploads';

/** An `<img>`'s sources, and the small variant alone (for a `<source>` on phones). */
export type ImageSources = { src: string; srcSet?: string; sizes?: string; small?: string };

/**
 * The sources of an image at `url`: for an upload (stored large with a small variant for lists
 * beside it) a `srcSet` of both with their widths and the given `sizes` (how wide it is shown), so
 * the browser fetches the small one wherever it is enough; any other URL as it is.
 */
export function uploadedImageSources(
  url: string,
  purpose: UploadPurpose,
  sizes: string,
): ImageSources {
  const small = smallVariantUrl(url);
  if (!small) return { src: url };
  const widths = UPLOAD_IMAGE_SIZES[purpose];
  return { src: url, srcSet: `${small} ${widths.small}w, ${url} ${widths.large}w`, sizes, small };
}

/**
 * An uploaded image's sources (`uploadedImageSources`) for an `<img>` that may fail to load: after
 * a first error the plain URL alone (an upload stored before small variants existed has none),
 * after a second `failed` (for a fallback such as initials). Pass `onError` to the `<img>`.
 */
export function useUploadedImage(
  url: string | null | undefined,
  purpose: UploadPurpose,
  sizes: string,
): { sources: ImageSources | null; failed: boolean; onError: () => void } {
  const [failure, setFailure] = useState<{ url: string; whole: boolean } | null>(null);
  if (!url) return { sources: null, failed: false, onError: () => {} };
  const failedHere = failure?.url === url ? failure : null;
  const sources = failedHere ? { src: url } : uploadedImageSources(url, purpose, sizes);
  return {
    sources,
    failed: failedHere?.whole === true,
    onError: () => setFailure({ url, whole: failedHere !== null || !sources.srcSet }),
  };
}
