import { CheckCheck, Settings } from 'lucide-react';
import { useState } from 'react';
import { type NotificationFilter } from '@shared/constants';
import { type CurrentUser } from '@shared/schema/users';
import { useUnreadCount } from '@/api/get-unread-count';
import { useUser } from '@/api/get-user';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { loadedNotifications, useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { NotificationFilters } from '../components/notification-filters';
import { NotificationList } from '../components/notification-list';
import { NotificationListSkeleton } from '../components/notification-list-skeleton';
import { NotificationSettingsDialog } from '../components/notification-settings-dialog';
import { emptyListMessage, unreadLine } from '../lib/notification-display';

export const NOTIFICATIONS_LOAD_ERROR = 'Failed to load notifications. Please try again later.';

/**
 * /notifications: the unread count, Mark All Read, Settings, the filter list and the
 * notifications with their actions, page by page. Renders nothing without a signed-in user.
 */
export function NotificationsPage() {
  const { data: user } = useUser();
  if (!user) return null;
  return <NotificationsView user={user} />;
}

function NotificationsView({ user }: { user: CurrentUser }) {
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const list = useNotifications(user.type, filter);
  const count = useUnreadCount();
  const notifications = loadedNotifications(list.data);
  // The count endpoint is the badge's too.
  const unread = count.data?.unread;

  const markAll = useMarkAllNotificationsRead({
    mutationConfig: {
      onSuccess: () => toast({ title: 'All notifications marked as read' }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to mark all as read',
          description: errorMessage(error, 'Please try again.'),
        }),
    },
  });

  const failed = list.isError && !list.isFetchNextPageError;

  return (
    <div className="mx-auto grid w-full max-w-4xl min-w-0 grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Notifications</h1>
          {unread === undefined ? (
            list.isPending || count.isPending ? (
              <Skeleton className="h-5 w-56 max-w-full" />
            ) : null
          ) : (
            <p className="text-muted-foreground">{unreadLine(unread)}</p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {unread !== undefined && unread > 0 && (
            <Button
              type="button"
              variant="outline"
              onClick={() => markAll.mutate(undefined)}
              disabled={markAll.isPending}
            >
              <CheckCheck aria-hidden="true" />
              Mark All Read
            </Button>
          )}
          <Button type="button" variant="outline" onClick={() => setSettingsOpen(true)}>
            <Settings aria-hidden="true" />
            Settings
          </Button>
        </div>
      </div>

      <div className="grid min-w-0 grid-cols-1 gap-6 md:grid-cols-[14rem_minmax(0,1fr)]">
        <Card className="h-fit">
          <CardContent className="p-2">
            <NotificationFilters value={filter} onChange={setFilter} />
          </CardContent>
        </Card>

        <section aria-label="Notification list" className="grid min-w-0 content-start gap-3">
          {list.isPending ? (
            <NotificationListSkeleton />
          ) : failed ? (
            <ErrorAlert
              message={NOTIFICATIONS_LOAD_ERROR}
              onRetry={() => void list.refetch()}
              retrying={list.isFetching}
            />
          ) : notifications.length === 0 ? (
            <Card>
              <CardContent className="p-6 text-center text-muted-foreground">
                {emptyListMessage(filter)}
              </CardContent>
            </Card>
          ) : (
            <>
              <NotificationList notifications={notifications} />

              {list.isFetchNextPageError && (
                <ErrorAlert
                  message={NOTIFICATIONS_LOAD_ERROR}
                  onRetry={() => void list.fetchNextPage()}
                  retrying={list.isFetchingNextPage}
                />
              )}
              {list.isFetchingNextPage && (
                <NotificationListSkeleton count={1} label="Loading more notifications" />
              )}
              {list.hasNextPage && !list.isFetchNextPageError && (
                <div className="flex justify-center">
                  <Button
                    type="button"
                    variant="outline"
                    onClick={() => void list.fetchNextPage()}
                    disabled={list.isFetchingNextPage}
                  >
                    {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
                  </Button>
                </div>
              )}
            </>
          )}
        </section>
      </div>

      <NotificationSettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} />
    </div>
  );
}
