import { useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import { initialsOf } from '../lib/share-links';

type AvatarPerson = { name: string; username: string; profilePicture: string | null };

/** The picture, or the initials when there is none or it fails to load. Decorative. */
function AvatarFace({ person, className }: { person: AvatarPerson; className?: string }) {
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
          className="size-full object-cover"
          onError={() => setFailedSource(source)}
        />
      ) : (
        <span>{initialsOf(person.name)}</span>
      )}
    </span>
  );
}

/** The profile's avatar; tapping it shows it larger in a dialog (spec §2). */
export function ProfileAvatar({ person, className }: { person: AvatarPerson; className?: string }) {
  const [enlarged, setEnlarged] = useState(false);

  return (
    <>
      <button
        type="button"
        aria-label={`Enlarge ${person.name}'s profile picture`}
        onClick={() => setEnlarged(true)}
        className={cn(
          'relative rounded-full ring-4 ring-card focus-visible:ring-ring focus-visible:outline-hidden',
          className,
        )}
      >
        <AvatarFace person={person} className="size-24 text-3xl sm:size-28" />
      </button>

      <Dialog open={enlarged} onOpenChange={setEnlarged}>
        <DialogContent className="max-w-sm">
          <DialogHeader>
            <DialogTitle>{person.name}</DialogTitle>
            <DialogDescription>@{person.username}</DialogDescription>
          </DialogHeader>
          <div className="flex justify-center">
            <AvatarFace person={person} className="size-60 text-7xl sm:size-72" />
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
