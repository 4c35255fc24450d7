import { useState } from 'react';
import { cn } from '@/lib/utils';
import { initialsOf } from '../lib/share-links';

export type AvatarPerson = { name: string; username: string; profilePicture: string | null };

type AvatarFaceProps = {
  person: AvatarPerson;
  className?: string;
  /** Off the first screen (the enlarged copy): the browser fetches the picture when it shows. */
  lazy?: boolean;
};

/** The picture, or the initials when there is none or it fails to load. Decorative. */
export function AvatarFace({ person, className, lazy = false }: AvatarFaceProps) {
  const [failedSource, setFailedSource] = useState<string | null>(null);
  const source =
    person.profilePicture && person.profilePicture !== failedSource ? person.profilePicture : null;

  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-secondary font-semibold text-secondary-foreground select-none',
        className,
      )}
    >
      {source ? (
        <img
          src={source}
          alt=""
          loading={lazy ? 'lazy' : undefined}
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
