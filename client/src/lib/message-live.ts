import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MESSAGE_EVENTS, MESSAGE_LIMITS } from '@shared/messages';
import {
  type ConversationInfo,
  type MessageDeletedEvent,
  type MessageEvent,
  type MessageReadEvent,
  type TypingEvent,
} from '@shared/schema/messages';
import { messagesContracts } from '@shared/contracts/messages';
import { threadInfoQueryKey, threadQueryKey } from '@/api/messages-query-keys';
import { markDeleted, type ThreadData, upsertMessage } from './message-cache';
import { invalidate } from './query-client';

/** The live stream's event names for messages, in the order they are listened for. */
export const MESSAGE_EVENT_NAMES = Object.values(MESSAGE_EVENTS);

// Not an answer of the API: only typing events write it, so it lives apart from every group.
const typingQueryKey = (username: string) => ['typing', username.toLowerCase()] as const;

function parse(data: unknown): Record<string, unknown> | null {
  try {
    const parsed: unknown = typeof data === 'string' ? JSON.parse(data) : data;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Applies one live message event to the caches: a new message joins its thread (if open) and
 * refreshes the list and the unread count; a read receipt moves 'Seen'; a deletion blanks the
 * message; typing shows the indicator for a few seconds.
 */
export function applyMessageEvent(queryClient: QueryClient, name: string, data: unknown): void {
  const payload = parse(data);
  if (!payload || typeof payload.username !== 'string') return;
  const username = payload.username;

  if (name === MESSAGE_EVENTS.message) {
    const { message } = payload as MessageEvent;
    if (!message || typeof message.id !== 'number') return;
    queryClient.setQueryData<ThreadData>(threadQueryKey(username), (thread) =>
      upsertMessage(thread, message),
    );
    // Their message ends their typing.
    if (!message.fromMe) queryClient.setQueryData(typingQueryKey(username), 0);
    void invalidate(queryClient, messagesContracts.list, messagesContracts.unreadCount);
  } else if (name === MESSAGE_EVENTS.read) {
    const { upTo } = payload as MessageReadEvent;
    if (typeof upTo !== 'number') return;
    queryClient.setQueryData<ConversationInfo>(threadInfoQueryKey(username), (info) =>
      info ? { ...info, seenUpTo: Math.max(info.seenUpTo ?? 0, upTo) } : info,
    );
  } else if (name === MESSAGE_EVENTS.deleted) {
    const { id } = payload as MessageDeletedEvent;
    if (typeof id !== 'number') return;
    queryClient.setQueryData<ThreadData>(threadQueryKey(username), (thread) =>
      markDeleted(thread, id),
    );
    void invalidate(queryClient, messagesContracts.list, messagesContracts.unreadCount);
  } else if (name === MESSAGE_EVENTS.typing) {
    const event = payload as TypingEvent;
    queryClient.setQueryData(typingQueryKey(event.username), Date.now());
  }
}

/** Whether `username` is typing to me now: true for a few seconds after their last typing event. */
export function useIsTyping(username: string): boolean {
  const { data: since = 0 } = useQuery({
    queryKey: typingQueryKey(username),
    queryFn: () => 0,
    enabled: false,
    staleTime: Infinity,
  });
  const [now, setNow] = useState(() => Date.now());
  const until = since + MESSAGE_LIMITS.typingMs;
  useEffect(() => {
    const current = Date.now();
    setNow(current);
    if (until <= current) return;
    const timer = setTimeout(() => setNow(Date.now()), until - current);
    return () => clearTimeout(timer);
  }, [until]);
  return since > 0 && now < until;
}
