import { type ReactNode } from 'react';
import { useUploadedImage } from '@/lib/uploaded-image';
import { cn } from '@/lib/utils';

/** Up to two initials, one per word of the name: 'Ada Lovelace' → 'AL'; '?' for no name. */
export function initialsOf(name: string): string {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toLocaleUpperCase();
  return initials || '?';
}

const SIZES = {
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-12 text-base sm:size-16 sm:text-lg',
  xl: 'size-16 text-xl sm:size-20 sm:text-2xl',
  '2xl': 'size-24 text-3xl sm:size-28',
  '3xl': 'size-60 text-7xl sm:size-72',
} as const;

export type AvatarSize = keyof typeof SIZES;

/** How wide each size is shown (the `sizes` of its picture), as `SIZES` sets it (sm: 40rem). */
const SHOWN_WIDTHS: Record<AvatarSize, string> = {
  sm: '32px',
  md: '40px',
  lg: '(min-width: 40rem) 64px, 48px',
  xl: '(min-width: 40rem) 80px, 64px',
  '2xl': '(min-width: 40rem) 112px, 96px',
  '3xl': '(min-width: 40rem) 288px, 240px',
};

type AvatarProps = {
  /** Whose avatar: the accessible name, and the initials when there is no picture. */
  name: string;
  picture: string | null | undefined;
  size?: AvatarSize;
  /** Initials worked out by another rule than `initialsOf` (the leaderboard's). */
  initials?: string;
  /**
   * Hidden from assistive technology: for an avatar printed beside the person's name (a list
   * row, a post's author), where a second reading of the name would only repeat it.
   */
  decorative?: boolean;
  /** On the first screen: fetched at once instead of when scrolled near. */
  eager?: boolean;
  className?: string;
  /** Drawn over the avatar's corner, e.g. an online dot. */
  children?: ReactNode;
};

/**
 * A person's round picture, or their initials when there is none or it fails to load. Unless
 * decorative, the picture's alt text (or the initials' accessible name) is the person's name. An
 * uploaded picture is fetched small wherever that is enough (lists), large where it is shown big.
 */
export function Avatar({
  name,
  picture,
  size = 'md',
  initials,
  decorative = false,
  eager = false,
  className,
  children,
}: AvatarProps) {
  const { sources, failed, onError } = useUploadedImage(picture, 'avatar', SHOWN_WIDTHS[size]);
  const source = failed ? null : sources;

  return (
    <span className={cn('relative inline-flex shrink-0 rounded-full', SIZES[size], className)}>
      <span
        aria-hidden={decorative || undefined}
        className="inline-flex size-full items-center justify-center overflow-hidden rounded-full bg-secondary font-semibold text-secondary-foreground select-none"
      >
        {source ? (
          <img
            src={source.src}
            srcSet={source.srcSet}
            sizes={source.sizes}
            alt={decorative ? '' : name}
            loading={eager ? undefined : 'lazy'}
            decoding="async"
            className="size-full object-cover"
            onError={onError}
          />
        ) : (
          <span
            role={decorative ? undefined : 'img'}
            aria-label={decorative ? undefined : name}
            className="truncate px-1"
          >
            {initials ?? initialsOf(name)}
          </span>
        )}
      </span>
      {children}
    </span>
  );
}
