import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { uploadedImageSources, useUploadedImage } from '../uploaded-image';

const NAME = '0123456789abcdef0123456789abcdef';
const UPLOAD = `/uploads/${NAME}.webp`;
const SMALL = `/uploads/${NAME}-small.webp`;

describe('uploadedImageSources', () => {
  it("offers an upload's small variant and the large one, with their widths", () => {
    expect(uploadedImageSources(UPLOAD, 'post', '100vw')).toEqual({
      src: UPLOAD,
      srcSet: `${SMALL} 640w, ${UPLOAD} 1600w`,
      sizes: '100vw',
      small: SMALL,
    });
    expect(uploadedImageSources(UPLOAD, 'avatar', '40px')).toMatchObject({
      srcSet: `${SMALL} 160w, ${UPLOAD} 512w`,
      sizes: '40px',
    });
  });

  it('takes any other URL as it is', () => {
    for (const url of [
      // Uploads stored before small variants existed, in another format.
      `/uploads/${NAME}.png`,
      `/uploads/${NAME}.jpg`,
      `/uploads/${NAME}-small.webp`,
      '/uploads/latte.webp',
      `/uploads/../${NAME}.webp`,
      `https://cdn.example.com/uploads/${NAME}.webp`,
      `https://cdn.example.com${UPLOAD}`,
    ]) {
      expect(uploadedImageSources(url, 'post', '100vw'), url).toEqual({ src: url });
    }
  });
});

describe('useUploadedImage', () => {
  it('falls back to the plain URL after an error, and reports a second one', () => {
    const { result, rerender } = renderHook(
      ({ url }: { url: string | null }) => useUploadedImage(url, 'avatar', '40px'),
      { initialProps: { url: UPLOAD as string | null } },
    );
    expect(result.current.sources?.srcSet).toBeDefined();
    act(() => result.current.onError());
    expect(result.current).toMatchObject({ sources: { src: UPLOAD }, failed: false });
    expect(result.current.sources?.srcSet).toBeUndefined();
    act(() => result.current.onError());
    expect(result.current.failed).toBe(true);

    // Another picture starts afresh; no picture, no sources.
    const other = `/uploads/${'f'.repeat(32)}.webp`;
    rerender({ url: other });
    expect(result.current).toMatchObject({ failed: false, sources: { src: other } });
    expect(result.current.sources?.srcSet).toBeDefined();
    rerender({ url: null });
    expect(result.current).toMatchObject({ sources: null, failed: false });
  });

  it('reports a failure at once for a URL without variants', () => {
    const { result } = renderHook(() => useUploadedImage('/a.png', 'post', '100vw'));
    act(() => result.current.onError());
    expect(result.current.failed).toBe(true);
  });
});
