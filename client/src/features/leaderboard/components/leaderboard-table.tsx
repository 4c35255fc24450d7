import { Gift, UserRound } from 'lucide-react';
import { Link } from 'wouter';
import { Avatar } from '@/components/ui/avatar';
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

export type GiftRecipient = { username: string; name: string };

type LeaderboardTableProps = {
  rows: readonly LeaderboardRow[];
  onSendGift: (recipient: GiftRecipient) => void;
};

/** On a phone the actions stack, smaller, so both keep their words in a narrow column. */
const actionClass = 'h-8 w-full px-2 text-xs sm:h-9 sm:w-auto sm:px-3 sm:text-sm';

/**
 * Every ranked gifter: Rank, User (name and @username), Points, and View Profile for
 * everyone plus Send Gift for everyone but the signed-in consumer, whose row is highlighted.
 * Fixed column widths keep it inside a 360 px screen without sideways scrolling.
 */
export function LeaderboardTable({ rows, onSendGift }: LeaderboardTableProps) {
  return (
    <Table aria-label="Leaderboard" className="table-fixed">
      <TableHeader>
        <TableRow>
          <TableHead scope="col" className="w-12 px-2 sm:w-16 sm:px-3">
            Rank
          </TableHead>
          <TableHead scope="col" className="px-2 sm:px-3">
            User
          </TableHead>
          <TableHead scope="col" className="w-14 px-2 text-right sm:w-24 sm:px-3">
            Points
          </TableHead>
          <TableHead scope="col" className="w-32 px-2 text-right sm:w-72 sm:px-3">
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
                <Avatar
                  name={row.name}
                  picture={row.avatar}
                  initials={row.initials}
                  decorative
                  className="hidden sm:inline-flex"
                />
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
              <div className="flex flex-col gap-1 sm:flex-row sm:justify-end sm:gap-2">
                <Link
                  href={profilePath(row.username)}
                  className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), actionClass)}
                >
                  <UserRound aria-hidden="true" />
                  View Profile
                </Link>
                {!row.isCurrentUser && (
                  <Button
                    size="sm"
                    className={actionClass}
                    onClick={() => onSendGift({ username: row.username, name: row.name })}
                  >
                    <Gift aria-hidden="true" />
                    Send Gift
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
