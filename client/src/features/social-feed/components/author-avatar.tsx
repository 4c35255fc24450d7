import { useState } from 'react';
import { cn } from '@/lib/utils';

type AuthorAvatarProps = {
  person: { name: string; profilePicture: string | null };
  className?: string;
};

/** First letters of the first two words of the name. */
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

/**
 * The picture, or the initials when there is none or it fails to load. Decorative: the name is
 * always printed beside it.
 */
export function AuthorAvatar({ person, className }: AuthorAvatarProps) {
  const [failedSource, setFailedSource] = useState<string | null>(null);
  const source =
    person.profilePicture && person.profilePicture !== failedSource ? person.profilePicture : null;

  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-secondary text-sm font-semibold text-secondary-foreground select-none',
        className,
      )}
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
        <span>{initialsOf(person.name)}</span>
      )}
    </span>
  );
}
