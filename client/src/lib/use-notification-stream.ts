import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { messagesContracts } from '@shared/contracts/messages';
import { notificationsContracts } from '@shared/contracts/notifications';
import { getUnreadCountQueryOptions, useUnreadCount } from '@/api/get-unread-count';
import { invalidateWallet } from '@/api/get-wallet';
import { toast } from '@/components/ui/use-toast';
import { urlOf } from './api-client';
import { applyMessageEvent, MESSAGE_EVENT_NAMES } from './message-live';
import { paths } from './paths';
import { invalidate } from './query-client';

export const NOTIFICATION_STREAM_URL = urlOf(notificationsContracts.stream);
/** While the stream is down, the unread count is asked for this often. */
export const NOTIFICATION_POLL_INTERVAL_MS = 15_000;
/** Waits before reopening a dropped stream: the first retry, the second, and every one after. */
export const NOTIFICATION_RETRY_DELAYS_MS = [5_000, 10_000, 30_000] as const;

const TOAST_TITLE = 'New notification';

/** The part of an EventSource the stream uses, so tests can hand in a fake (jsdom has none). */
export type NotificationEventSource = {
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
};

/** Opens the stream; null where the browser has no EventSource (then the count is polled). */
export type CreateNotificationEventSource = (url: string) => NotificationEventSource | null;

export const createBrowserEventSource: CreateNotificationEventSource = (url) =>
  typeof EventSource === 'undefined' ? null : new EventSource(url, { withCredentials: true });

/** The notifications page's list, whichever account type reads it. */
const invalidateNotificationLists = (queryClient: QueryClient) =>
  invalidate(queryClient, notificationsContracts.consumerList, notificationsContracts.businessList);

/** 'connecting' until the stream opens; 'polling' whenever it is down. */
export type NotificationStreamStatus = 'connecting' | 'open' | 'polling';

type UseNotificationStreamOptions = {
  /** The signed-in user; null (signed out) closes the stream. */
  userId: number | null;
  createEventSource?: CreateNotificationEventSource;
};

function messageOf(data: unknown): {
  message: string | null;
  read: boolean;
  referenceType: string | null;
} {
  let parsed: unknown;
  try {
    parsed = typeof data === 'string' ? JSON.parse(data) : data;
  } catch {
    parsed = null;
  }
  const item = (parsed && typeof parsed === 'object' ? parsed : {}) as {
    message?: unknown;
    read?: unknown;
    referenceType?: unknown;
  };
  const message = typeof item.message === 'string' ? item.message.trim() : '';
  const referenceType = typeof item.referenceType === 'string' ? item.referenceType : null;
  return { message: message || null, read: item.read === true, referenceType };
}

/**
 * The live layer: a server-sent event stream that tells the signed-in user about each new
 * notification at once, with a toast (not on /notifications, which shows it in the list) and a
 * fresh unread count and list. When the stream drops, the count is polled every 15 s (a rise
 * refreshes the list and says so) while the stream is retried after 5, 10, then every 30 s. A
 * stream the server replaced (the account's other tabs opened newer ones) is opened again only
 * when this tab is looked at again.
 */
export function useNotificationStream({
  userId,
  createEventSource = createBrowserEventSource,
}: UseNotificationStreamOptions): NotificationStreamStatus {
  const queryClient = useQueryClient();
  const [location] = useLocation();
  const [status, setStatus] = useState<NotificationStreamStatus>('connecting');

  // Read inside the stream's listeners, which live longer than one render.
  const onNotificationsPage = useRef(false);
  const createRef = useRef(createEventSource);
  useEffect(() => {
    onNotificationsPage.current = location === paths.notifications;
    createRef.current = createEventSource;
  });

  useEffect(() => {
    if (userId === null) return;
    let source: NotificationEventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let replaced = false;

    const refreshList = () => void invalidateNotificationLists(queryClient);
    const refreshCount = () => void invalidate(queryClient, notificationsContracts.unreadCount);

    const connect = () => {
      const current = createRef.current(NOTIFICATION_STREAM_URL);
      source = current;
      if (!current) {
        setStatus('polling');
        return;
      }
      current.addEventListener('open', () => {
        if (source !== current) return;
        // Whatever arrived while the stream was down is fetched now.
        if (failures > 0) {
          refreshCount();
          refreshList();
          void invalidate(queryClient, messagesContracts);
        }
        failures = 0;
        setStatus('open');
      });
      current.addEventListener('notification', (event) => {
        if (source !== current) return;
        const { message, read, referenceType } = messageOf(event.data);
        if (!read) {
          queryClient.setQueryData(getUnreadCountQueryOptions().queryKey, (count) =>
            count ? { unread: count.unread + 1 } : count,
          );
        }
        refreshCount();
        refreshList();
        // A card received, spent at a counter or expiring: the wallet on screen shows it at once.
        if (referenceType === 'gift_card') void invalidateWallet(queryClient);
        // Without text the title ('New notification') says it all.
        if (!onNotificationsPage.current) {
          toast({ title: TOAST_TITLE, description: message ?? undefined });
        }
      });
      // Direct messages: new ones, read receipts, deletions and typing, straight into the caches.
      for (const name of MESSAGE_EVENT_NAMES) {
        current.addEventListener(name, (event) => {
          if (source !== current) return;
          applyMessageEvent(queryClient, name, event.data);
        });
      }
      // The account opened more streams than the server keeps (other tabs): this one was ended
      // for the newest. Reconnecting now would end another tab's in turn, so this tab polls
      // until it is looked at again.
      current.addEventListener('replaced', () => {
        if (source !== current) return;
        current.close();
        source = null;
        replaced = true;
        setStatus('polling');
      });
      current.addEventListener('error', () => {
        if (source !== current) return;
        // The browser would retry on its own after some errors but not others; one rule for all.
        current.close();
        source = null;
        setStatus('polling');
        const delay =
          NOTIFICATION_RETRY_DELAYS_MS[Math.min(failures, NOTIFICATION_RETRY_DELAYS_MS.length - 1)];
        failures += 1;
        retryTimer = setTimeout(connect, delay);
      });
    };

    const reclaimWhenSeen = () => {
      if (!replaced || document.visibilityState !== 'visible') return;
      replaced = false;
      failures = 1; // what arrived meanwhile is fetched when it opens
      connect();
    };
    document.addEventListener('visibilitychange', reclaimWhenSeen);

    setStatus('connecting');
    connect();
    return () => {
      document.removeEventListener('visibilitychange', reclaimWhenSeen);
      clearTimeout(retryTimer);
      source?.close();
      source = null;
    };
  }, [userId, queryClient]);

  const polling = userId !== null && status === 'polling';
  const count = useUnreadCount({
    enabled: userId !== null,
    refetchInterval: polling ? NOTIFICATION_POLL_INTERVAL_MS : false,
  });

  // While polling, a count that rose means notifications the stream could not bring.
  const lastUnread = useRef<number | undefined>(undefined);
  const unread = count.data?.unread;
  useEffect(() => {
    if (unread === undefined) return;
    const before = lastUnread.current;
    lastUnread.current = unread;
    if (!polling || before === undefined || unread <= before) return;
    void invalidateNotificationLists(queryClient);
    if (!onNotificationsPage.current) {
      toast({ title: TOAST_TITLE, description: 'You have new notifications' });
    }
  }, [unread, polling, queryClient]);

  return status;
}
