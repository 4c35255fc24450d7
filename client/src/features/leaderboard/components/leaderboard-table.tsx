import { Gift, UserRound } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { profilePath } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { formatPoints, type LeaderboardRow } from '../lib/leaderboard-display';
import { LeaderboardAvatar } from './leaderboard-avatar';

export type GiftRecipient = { username: string; name: string };

type LeaderboardTableProps = {
  rows: readonly LeaderboardRow[];
  onSendGift: (recipient: GiftRecipient) => void;
};

/** Below the sm breakpoint an action shows only its icon; its text stays for screen readers. */
const actionClass = 'size-9 px-0 sm:w-auto sm:px-3';
const actionLabelClass = 'sr-only sm:not-sr-only';

/**
 * Every ranked gifter (spec §2): Rank, User (name and @username), Points, and View Profile for
 * everyone plus Send Gift for everyone but the signed-in consumer, whose row is highlighted.
 * Fixed column widths keep it inside a 375 px screen without sideways scrolling.
 */
export function LeaderboardTable({ rows, onSendGift }: LeaderboardTableProps) {
  return (
    <Table aria-label="Leaderboard" className="table-fixed">
      <TableHeader>
        <TableRow>
          <TableHead scope="col" className="w-14 px-2 sm:w-16 sm:px-3">
            Rank
          </TableHead>
          <TableHead scope="col" className="px-2 sm:px-3">
            User
          </TableHead>
          <TableHead scope="col" className="w-16 px-2 text-right sm:w-24 sm:px-3">
            Points
          </TableHead>
          <TableHead scope="col" className="w-24 px-2 text-right sm:w-72 sm:px-3">
            Actions
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow
            key={row.id}
            aria-current={row.isCurrentUser ? 'true' : undefined}
            className={cn(row.isCurrentUser && 'bg-primary/10 hover:bg-primary/15')}
          >
            <TableCell className="px-2 font-semibold tabular-nums sm:px-3">{row.rank}</TableCell>
            <TableCell className="px-2 sm:px-3">
              <div className="flex min-w-0 items-center gap-3">
                <LeaderboardAvatar row={row} className="hidden text-sm sm:inline-flex" />
                <div className="grid min-w-0">
                  <div className="flex min-w-0 items-center gap-2">
                    <span className="truncate font-medium" title={row.name}>
                      {row.name}
                    </span>
                    {row.isCurrentUser && <Badge className="shrink-0">You</Badge>}
                  </div>
                  <span className="truncate text-muted-foreground" title={`@${row.username}`}>
                    @{row.username}
                  </span>
                </div>
              </div>
            </TableCell>
            <TableCell className="px-2 text-right font-semibold tabular-nums sm:px-3">
              {formatPoints(row.points)}
            </TableCell>
            <TableCell className="px-2 sm:px-3">
              <div className="flex justify-end gap-1 sm:gap-2">
                <Link
                  href={profilePath(row.username)}
                  className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), actionClass)}
                >
                  <UserRound aria-hidden="true" />
                  <span className={actionLabelClass}>View Profile</span>
                </Link>
                {!row.isCurrentUser && (
                  <Button
                    size="sm"
                    className={actionClass}
                    onClick={() => onSendGift({ username: row.username, name: row.name })}
                  >
                    <Gift aria-hidden="true" />
                    <span className={actionLabelClass}>Send Gift</span>
                  </Button>
                )}
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
