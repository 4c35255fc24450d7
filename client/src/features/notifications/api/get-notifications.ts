import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { type NotificationFilter, type UserType } from '@shared/constants';
import { notificationsContracts } from '@shared/contracts/notifications';
import { type NotificationItem } from '@shared/schema/notifications';
import { call, type ListPage, nextPageNumber } from '@/lib/api-client';
import { queryKeyOf } from '@/lib/query-client';

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** Each account type reads its own list: /consumer/notifications or /business/notifications. */
const listContractOf = (role: UserType) =>
  role === 'consumer' ? notificationsContracts.consumerList : notificationsContracts.businessList;

/** The signed-in user's notifications, a page at a time: unread first, then newest first. */
export const getNotificationsInfiniteQueryOptions = (
  role: UserType,
  filter: NotificationFilter,
) => {
  const contract = listContractOf(role);
  const query = { filter, limit: NOTIFICATIONS_PAGE_SIZE };
  return infiniteQueryOptions({
    queryKey: queryKeyOf(contract, { query }),
    queryFn: ({ pageParam, signal }) =>
      call(contract, { query: { ...query, page: pageParam } }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
  });
};

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
