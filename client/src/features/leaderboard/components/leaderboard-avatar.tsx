import { useState } from 'react';
import { cn } from '@/lib/utils';
import { type LeaderboardRow } from '../lib/leaderboard-display';

type LeaderboardAvatarProps = {
  row: Pick<LeaderboardRow, 'avatar' | 'initials'>;
  className?: string;
  /** On the first screen (the podium): fetched at once instead of when scrolled near. */
  eager?: boolean;
};

/**
 * The picture when the avatar rule allows it, otherwise (or when it fails to load) the initials.
 * Decorative: the name is always printed beside it.
 */
export function LeaderboardAvatar({ row, className, eager = false }: LeaderboardAvatarProps) {
  const [failedSource, setFailedSource] = useState<string | null>(null);
  const source = row.avatar && row.avatar !== failedSource ? row.avatar : null;

  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-secondary font-semibold text-secondary-foreground select-none',
        className,
      )}
    >
      {source ? (
        <img
          src={source}
          alt=""
          loading={eager ? undefined : 'lazy'}
          decoding="async"
          className="size-full object-cover"
          onError={() => setFailedSource(source)}
        />
      ) : (
        <span className="truncate px-1">{row.initials}</span>
      )}
    </span>
  );
}
