import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { type NotificationFilter, type UserType } from '@shared/constants';
import { type NotificationItem } from '@shared/schema/notifications';
import { NOTIFICATION_LIST_QUERY_KEY } from '@/api/get-unread-count';
import { api, type ListPage, nextPageNumber } from '@/lib/api-client';

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** Each account type reads its own list : /consumer/notifications or /business/notifications. */
export const notificationsPath = (role: UserType) => `/${role}/notifications`;

export type GetNotificationsParams = {
  role: UserType;
  filter: NotificationFilter;
  page?: number;
  limit?: number;
};

/** One page of the signed-in user's notifications: unread first, then newest first. */
export const getNotifications = ({
  role,
  filter,
  page = 1,
  limit = NOTIFICATIONS_PAGE_SIZE,
}: GetNotificationsParams): Promise<ListPage<NotificationItem>> =>
  api.list(notificationsPath(role), { params: { filter, page, limit } });

export const getNotificationsInfiniteQueryOptions = (role: UserType, filter: NotificationFilter) =>
  infiniteQueryOptions({
    queryKey: [...NOTIFICATION_LIST_QUERY_KEY, role, filter],
    queryFn: ({ pageParam }) => getNotifications({ role, filter, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
  });

export function useNotifications(role: UserType, filter: NotificationFilter) {
  return useInfiniteQuery(getNotificationsInfiniteQueryOptions(role, filter));
}

/** The loaded notifications in order, each once (an item may move between pages as it is read). */
export function loadedNotifications(
  data: InfiniteData<ListPage<NotificationItem>, unknown> | undefined,
): NotificationItem[] {
  const seen = new Set<number>();
  const items: NotificationItem[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}
