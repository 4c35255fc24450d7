import { useState, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** Up to two initials, one per word of the name: 'Jordan Lee' → 'JL'. */
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

type FriendAvatarProps = {
  name: string;
  picture: string | null;
  className?: string;
  /** Drawn over the avatar's corner, e.g. an online dot. */
  children?: ReactNode;
};

/**
 * The person's picture, or their initials when there is none or it fails to load. Decorative: the
 * name is always printed beside it.
 */
export function FriendAvatar({ name, picture, className, children }: FriendAvatarProps) {
  const [failedSource, setFailedSource] = useState<string | null>(null);
  const source = picture && picture !== failedSource ? picture : null;

  return (
    <span className={cn('relative inline-flex size-10 shrink-0', className)}>
      <span
        aria-hidden="true"
        className="inline-flex size-full items-center justify-center overflow-hidden rounded-full bg-secondary text-sm font-semibold text-secondary-foreground select-none"
      >
        {source ? (
          <img
            src={source}
            alt=""
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
            onError={() => setFailedSource(source)}
          />
        ) : (
          <span>{initialsOf(name)}</span>
        )}
      </span>
      {children}
    </span>
  );
}
