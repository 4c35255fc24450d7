import { Share2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { type LeaderboardPeriod } from '@shared/constants';
import { useUser } from '@/api/get-user';
import { SendGiftDialog } from '@/components/gift-cards/send-gift-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useLeaderboard } from '../api/get-leaderboard';
import { useLeaderboardStanding } from '../api/get-leaderboard-standing';
import { useShareToPinBoard } from '../api/share-to-pin-board';
import { LeaderboardPodium } from '../components/leaderboard-podium';
import { LeaderboardSkeleton } from '../components/leaderboard-skeleton';
import { LeaderboardTable, type GiftRecipient } from '../components/leaderboard-table';
import { PeriodSelect } from '../components/period-select';
import { YourStatsCard } from '../components/your-stats-card';
import {
  DEFAULT_LEADERBOARD_PERIOD,
  emptyLeaderboardMessage,
  leaderboardSubtitle,
  toLeaderboardRows,
} from '../lib/leaderboard-display';
import { ErrorAlert } from '@/components/ui/error-alert';

type GiftDialogState = { open: boolean; recipient?: GiftRecipient };

/**
 * The gifting leaderboard (consumers only): the period's top gifters on a podium and in a table,
 * and the signed-in consumer's own standing. The period really filters the gifts counted; it is
 * not only a label.
 */
export function LeaderboardPage() {
  const [period, setPeriod] = useState<LeaderboardPeriod>(DEFAULT_LEADERBOARD_PERIOD);
  // The recipient outlives `open`, so the dialog keeps its content while it animates closed.
  const [giftDialog, setGiftDialog] = useState<GiftDialogState>({ open: false });
  const { data: user } = useUser();
  const { data: entries, isPending, isError, refetch, isRefetching } = useLeaderboard({ period });

  // The same query Your Stats reads (one request): only a ranked consumer has a rank to share.
  const { data: standing } = useLeaderboardStanding(period);
  const ranked = standing !== undefined && standing.rank !== null;
  const share = useShareToPinBoard({
    mutationConfig: {
      onSuccess: () =>
        toast({ title: 'Post created', description: 'Your rank is on the Pin Board.' }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to create post',
          description: errorMessage(error, 'Please try again.'),
        }),
    },
  });

  const rows = useMemo(() => toLeaderboardRows(entries ?? [], user?.id), [entries, user?.id]);

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Gifting Leaderboard</h1>
          <p className="text-muted-foreground">{leaderboardSubtitle(period)}</p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <PeriodSelect value={period} onChange={setPeriod} />
          {ranked && (
            <Button
              type="button"
              variant="outline"
              disabled={share.isPending}
              onClick={() => share.mutate({ period })}
            >
              <Share2 aria-hidden="true" />
              {share.isPending ? 'Sharing...' : 'Share to Pin Board'}
            </Button>
          )}
        </div>
      </div>

      {/* On a phone: podium, your stats, table; on a wide screen your stats sit beside them. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          {isPending ? (
            <LeaderboardSkeleton />
          ) : isError ? (
            <ErrorAlert
              message="Failed to load leaderboard. Please try again later."
              onRetry={() => void refetch()}
              retrying={isRefetching}
            />
          ) : rows.length === 0 ? (
            <Card>
              <CardContent className="p-6 text-center text-muted-foreground">
                {emptyLeaderboardMessage(period)}
              </CardContent>
            </Card>
          ) : (
            <LeaderboardPodium rows={rows} />
          )}
        </div>

        <aside className="min-w-0 self-start lg:col-start-3 lg:row-span-2 lg:row-start-1">
          <YourStatsCard period={period} />
        </aside>

        {!isPending && !isError && rows.length > 0 && (
          <Card className="min-w-0 overflow-hidden lg:col-span-2">
            <LeaderboardTable
              rows={rows}
              onSendGift={(recipient) => setGiftDialog({ open: true, recipient })}
            />
          </Card>
        )}
      </div>

      <SendGiftDialog
        open={giftDialog.open}
        onOpenChange={(open) => setGiftDialog((current) => ({ ...current, open }))}
        recipient={giftDialog.recipient}
      />
    </div>
  );
}
