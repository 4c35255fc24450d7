import { Crown } from 'lucide-react';
import { Avatar, type AvatarSize } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import {
  formatPoints,
  placeName,
  podiumOrder,
  type LeaderboardRow,
} from '../lib/leaderboard-display';

/** Per place: avatar size, pedestal height and colour (gold, silver, bronze). */
const PLACE_STYLE: Record<number, { avatar: AvatarSize; pedestal: string }> = {
  1: { avatar: 'xl', pedestal: 'h-24 bg-amber-300' },
  2: { avatar: 'lg', pedestal: 'h-16 bg-slate-300' },
  3: { avatar: 'lg', pedestal: 'h-12 bg-orange-300' },
};

type LeaderboardPodiumProps = { rows: readonly LeaderboardRow[] };

/**
 * The top three: 2nd on the left, 1st in the centre, 3rd on the right; fewer when fewer
 * have sent gifts. The list follows that visual order and each place says which it is.
 */
export function LeaderboardPodium({ rows }: LeaderboardPodiumProps) {
  const places = podiumOrder(rows);
  if (places.length === 0) return null;

  return (
    <ol aria-label="Top gifters" className="flex items-end justify-center gap-2 sm:gap-6">
      {places.map((row) => {
        const style = PLACE_STYLE[row.rank] ?? PLACE_STYLE[3]!;
        return (
          <li
            key={row.id}
            className="flex w-1/3 max-w-44 min-w-0 flex-col items-center gap-2 text-center"
          >
            {row.rank === 1 && <Crown aria-hidden="true" className="size-6 text-amber-500" />}
            <Avatar
              name={row.name}
              picture={row.avatar}
              initials={row.initials}
              size={style.avatar}
              decorative
              eager
              className={cn(row.isCurrentUser && 'ring-2 ring-primary ring-offset-2')}
            />
            <div className="grid w-full min-w-0 gap-0.5">
              <span className="sr-only">{placeName(row.rank)}: </span>
              <p className="truncate font-semibold" title={row.name}>
                {row.name}
              </p>
              <p className="text-sm text-muted-foreground tabular-nums">
                {formatPoints(row.points)} points
              </p>
              {row.isCurrentUser && (
                <Badge variant="secondary" className="mx-auto">
                  You
                </Badge>
              )}
            </div>
            <div
              aria-hidden="true"
              className={cn(
                'flex w-full items-start justify-center rounded-t-md pt-2 text-2xl font-bold text-slate-900',
                style.pedestal,
              )}
            >
              {row.rank}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
