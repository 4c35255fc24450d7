import { type InfiniteData } from '@tanstack/react-query';
import { type Message } from '@shared/schema/messages';
import { type ListPage } from '@/lib/api-client';

/** A conversation's cached pages, newest page first, each as the API answered it. */
export type ThreadData = InfiniteData<ListPage<Message>, string | null>;

/** A copy of the cached thread with `change` applied to each message. */
export function mapThread(
  data: ThreadData | undefined,
  change: (message: Message) => Message,
): ThreadData | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, items: page.items.map(change) })),
  };
}

/**
 * Adds a message to the newest page, or replaces the one with its id or clientId (the answer to
 * an optimistic send, or the live echo of my own send from another tab).
 */
export function upsertMessage(
  data: ThreadData | undefined,
  message: Message,
): ThreadData | undefined {
  if (!data || data.pages.length === 0) return data;
  const matches = (item: Message) =>
    item.id === message.id || (item.fromMe && message.fromMe && item.clientId === message.clientId);
  if (data.pages.some((page) => page.items.some(matches))) {
    return mapThread(data, (item) => (matches(item) ? message : item));
  }
  const [newest, ...older] = data.pages;
  return { ...data, pages: [{ ...newest!, items: [message, ...newest!.items] }, ...older] };
}

/** The thread with message `id` shown as deleted: its words, image and gift gone. */
export function markDeleted(data: ThreadData | undefined, id: number): ThreadData | undefined {
  return mapThread(data, (message) =>
    message.id === id
      ? { ...message, deleted: true, text: '', imageUrl: null, giftCard: null }
      : message,
  );
}
