import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Ban, MoreVertical } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { messagesContracts } from '@shared/contracts/messages';
import { type ConversationInfo, type Message } from '@shared/schema/messages';
import { type CurrentUser } from '@shared/schema/users';
import { useUser } from '@/api/get-user';
import { SendGiftDialog } from '@/components/gift-cards/send-gift-dialog';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonVariants } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency';
import { paths, profilePath } from '@/lib/paths';
import { invalidate } from '@/lib/query-client';
import { useBlockUser } from '../api/block-user';
import { useDeleteMessage } from '../api/delete-message';
import { loadedMessages, useThread, useThreadInfo } from '../api/get-thread';
import { threadQueryKey } from '@/api/messages-query-keys';
import { useMarkConversationRead } from '../api/mark-conversation-read';
import { useSendMessage } from '../api/send-message';
import { sendTyping } from '../api/send-typing';
import { MessageBubble, PendingBubble } from '../components/message-bubble';
import { type ComposedMessage, MessageComposer } from '../components/message-composer';
import { ReportMessageDialog } from '../components/report-message-dialog';
import { useIsTyping } from '@/lib/message-live';

export const THREAD_LOAD_ERROR = 'Failed to load this conversation. Please try again.';
export const THREAD_CLOSED =
  'This conversation is closed for new messages. Only friends can message each other.';
export const CONVERSATION_NOT_FOUND = 'Conversation not found';

/** Within this many pixels of the end, the reader counts as at the newest message. */
const AT_BOTTOM_PX = 80;
/** Within this many pixels of the top, older messages load on their own. */
const NEAR_TOP_PX = 48;

/** /messages/:username: the conversation with one person. */
export function ConversationPage() {
  const { username = '' } = useParams<{ username: string }>();
  const { data: user } = useUser();
  if (!user) return null;
  return <Conversation key={username.toLowerCase()} username={username} user={user} />;
}

function Conversation({ username, user }: { username: string; user: CurrentUser }) {
  const info = useThreadInfo(username);

  if (info.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-2xl gap-4" role="status" aria-label="Loading">
        <Skeleton className="h-12 w-64 max-w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (info.isError) {
    const notFound = info.error instanceof ApiError && info.error.status === 404;
    return (
      <div className="mx-auto grid w-full max-w-2xl gap-4">
        <h1 className="text-2xl font-bold tracking-tight">
          {notFound ? CONVERSATION_NOT_FOUND : 'Messages'}
        </h1>
        {notFound ? (
          <p className="text-muted-foreground">You can message only your friends.</p>
        ) : (
          <ErrorAlert
            message={THREAD_LOAD_ERROR}
            onRetry={() => void info.refetch()}
            retrying={info.isFetching}
          />
        )}
        <Link href={paths.messages} className={buttonVariants({ variant: 'outline' })}>
          Back to Messages
        </Link>
      </div>
    );
  }
  return <ConversationView info={info.data} user={user} />;
}

type OutboxItem = ComposedMessage & { clientId: string; failed: boolean };

function ConversationView({ info, user }: { info: ConversationInfo; user: CurrentUser }) {
  const { username, name } = info;
  const queryClient = useQueryClient();
  const thread = useThread(username);
  const messages = loadedMessages(thread.data);
  const typing = useIsTyping(username);

  const [outbox, setOutbox] = useState<OutboxItem[]>([]);
  const [giftOpen, setGiftOpen] = useState(false);
  const [blockOpen, setBlockOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Message | null>(null);
  const [reported, setReported] = useState<{ open: boolean; id: number | null }>({
    open: false,
    id: null,
  });
  const [announcement, setAnnouncement] = useState('');

  // --- Sending (optimistic; a retry sends the same clientId, so the server keeps one) ---
  const { mutate: sendMutate } = useSendMessage();
  const deliver = useCallback(
    (item: OutboxItem) => {
      sendMutate(
        { username, clientId: item.clientId, text: item.text, imageUrl: item.imageUrl },
        {
          onSuccess: () =>
            setOutbox((items) => items.filter((entry) => entry.clientId !== item.clientId)),
          onError: (error) => {
            setOutbox((items) =>
              items.map((entry) =>
                entry.clientId === item.clientId ? { ...entry, failed: true } : entry,
              ),
            );
            toast({
              variant: 'destructive',
              title: 'Message not sent',
              description: errorMessage(error, 'Please try again.'),
            });
          },
        },
      );
    },
    [sendMutate, username],
  );
  const compose = (message: ComposedMessage) => {
    const item: OutboxItem = { ...message, clientId: newIdempotencyKey(), failed: false };
    setOutbox((items) => [...items, item]);
    stick.current = true;
    deliver(item);
  };
  const retry = (item: OutboxItem) => {
    setOutbox((items) =>
      items.map((entry) =>
        entry.clientId === item.clientId ? { ...entry, failed: false } : entry,
      ),
    );
    deliver(item);
  };
  // A message the thread already holds (its live echo came first) is no longer pending.
  const delivered = new Set(messages.filter((m) => m.fromMe).map((m) => m.clientId));
  const pending = outbox.filter((item) => !delivered.has(item.clientId));

  // --- Read receipts: what I have on screen is read ---
  const { mutate: markRead } = useMarkConversationRead();
  const lastMarked = useRef(0);
  const newestTheirs = [...messages].reverse().find((message) => !message.fromMe);
  const newestTheirsId = newestTheirs?.id ?? 0;
  const newestId = messages.at(-1)?.id ?? 0;
  useEffect(() => {
    // Only a new message of theirs asks for another receipt, and only once it can be seen: a
    // conversation left open in a background tab is not read.
    const mark = () => {
      if (document.hidden || newestTheirsId <= lastMarked.current) return;
      lastMarked.current = newestTheirsId;
      markRead({ username, upTo: newestId });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [newestTheirsId, newestId, username, markRead]);

  // Announce their new messages (not the history, nor older pages) to screen readers.
  const announcedUpTo = useRef<number | null>(null);
  useEffect(() => {
    if (thread.isPending) return;
    if (announcedUpTo.current === null) {
      announcedUpTo.current = newestId;
      return;
    }
    if (newestTheirs && newestTheirs.id > announcedUpTo.current) {
      setAnnouncement(
        `${name}: ${newestTheirs.deleted ? 'Message deleted' : newestTheirs.text || 'Sent an attachment'}`,
      );
    }
    announcedUpTo.current = Math.max(announcedUpTo.current, newestId);
  }, [newestId, newestTheirs, name, thread.isPending]);

  // --- Scrolling: open at the newest; follow new ones at the bottom; keep place on older ---
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const keepFromBottom = useRef<number | null>(null);
  const oldestId = messages[0]?.id ?? 0;
  const loadOlder = () => {
    const element = scroller.current;
    if (!thread.hasNextPage || thread.isFetchingNextPage) return;
    if (element) keepFromBottom.current = element.scrollHeight - element.scrollTop;
    void thread.fetchNextPage();
  };
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (keepFromBottom.current !== null) {
      element.scrollTop = element.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else if (stick.current) {
      element.scrollTop = element.scrollHeight;
    }
  }, [oldestId, newestId, pending.length, typing]);
  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    stick.current = element.scrollHeight - element.scrollTop - element.clientHeight < AT_BOTTOM_PX;
    if (element.scrollTop < NEAR_TOP_PX) loadOlder();
  };

  // --- 'Seen': under my newest message once they have read it ---
  const myNewest = [...messages].reverse().find((message) => message.fromMe);
  const seenId =
    myNewest && pending.length === 0 && info.seenUpTo !== null && info.seenUpTo >= myNewest.id
      ? myNewest.id
      : null;

  const remove = useDeleteMessage({
    mutationConfig: {
      onSuccess: () => {
        setToDelete(null);
        toast({ title: 'Message deleted' });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to delete the message',
          description: errorMessage(error, 'Please try again.'),
        }),
    },
  });

  const block = useBlockUser({
    mutationConfig: {
      onSuccess: () => {
        setBlockOpen(false);
        toast({ title: `You blocked ${name}`, description: 'They will not be told.' });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to block',
          description: errorMessage(error, 'Please try again.'),
        }),
    },
  });

  const closeGift = (open: boolean) => {
    setGiftOpen(open);
    // A gift sent from here appears in the thread.
    if (!open) {
      void queryClient.invalidateQueries({ queryKey: threadQueryKey(username) });
      void invalidate(queryClient, messagesContracts.list);
    }
  };

  const failed = thread.isError && !thread.isFetchNextPageError;

  return (
    <div className="mx-auto flex h-[calc(100dvh-12rem)] min-h-80 w-full max-w-2xl min-w-0 flex-col overflow-hidden rounded-lg border bg-background shadow-sm md:h-[calc(100dvh-9rem)]">
      <header className="flex items-center gap-3 border-b bg-card p-3">
        <Link
          href={paths.messages}
          className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'shrink-0' })}
        >
          <ArrowLeft aria-hidden="true" />
          <span className="sr-only">Back to Messages</span>
        </Link>
        <Avatar name={info.name} picture={info.avatar} size="sm" decorative />
        <div className="grid min-w-0 flex-1">
          <h1 className="truncate text-base font-semibold">{name}</h1>
          <Link
            href={profilePath(username)}
            className="truncate text-xs text-muted-foreground hover:underline"
          >
            @{username}
          </Link>
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button type="button" variant="ghost" size="icon">
              <MoreVertical aria-hidden="true" />
              <span className="sr-only">Conversation options</span>
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => setBlockOpen(true)}>
              <Ban aria-hidden="true" />
              {`Block ${name}`}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </header>

      <div
        ref={scroller}
        onScroll={onScroll}
        role="region"
        aria-label={`Messages with ${name}`}
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto p-3 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden focus-visible:ring-inset"
      >
        {thread.isPending ? (
          <Spinner label="Loading messages" className="py-16" />
        ) : failed ? (
          <ErrorAlert
            message={THREAD_LOAD_ERROR}
            onRetry={() => void thread.refetch()}
            retrying={thread.isFetching}
          />
        ) : (
          <>
            {thread.hasNextPage && (
              <div className="mb-3 flex justify-center">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={loadOlder}
                  disabled={thread.isFetchingNextPage}
                >
                  {thread.isFetchingNextPage ? 'Loading...' : 'Load earlier messages'}
                </Button>
              </div>
            )}
            {thread.isFetchNextPageError && (
              <ErrorAlert
                className="mb-3"
                message={THREAD_LOAD_ERROR}
                onRetry={loadOlder}
                retrying={thread.isFetchingNextPage}
              />
            )}
            {messages.length === 0 && pending.length === 0 ? (
              <p className="py-12 text-center text-sm text-muted-foreground">
                {info.canMessage ? `Say hello to ${name}.` : 'No messages.'}
              </p>
            ) : (
              <ol aria-label="Messages" className="grid gap-3">
                {messages.map((message) => (
                  <MessageBubble
                    key={message.id}
                    message={message}
                    seen={message.id === seenId}
                    onDelete={setToDelete}
                    onReport={(item) => setReported({ open: true, id: item.id })}
                  />
                ))}
                {pending.map((item) => (
                  <PendingBubble
                    key={item.clientId}
                    text={item.text}
                    imageUrl={item.imageUrl}
                    failed={item.failed}
                    onRetry={() => retry(item)}
                  />
                ))}
              </ol>
            )}
          </>
        )}
      </div>

      <p role="status" className="min-h-5 px-4 text-xs text-muted-foreground italic">
        {typing ? `${name} is typing…` : ''}
      </p>
      <div role="log" aria-live="polite" className="sr-only">
        {announcement}
      </div>

      {info.canMessage ? (
        <MessageComposer
          name={name}
          onSend={compose}
          onTyping={() => void sendTyping(username)}
          onSendGift={user.type === 'consumer' ? () => setGiftOpen(true) : undefined}
        />
      ) : (
        <p className="border-t bg-card p-4 text-center text-sm text-muted-foreground">
          {THREAD_CLOSED}
        </p>
      )}

      {user.type === 'consumer' && (
        <SendGiftDialog open={giftOpen} onOpenChange={closeGift} recipient={{ username, name }} />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete for everyone?"
        description={`The message will be removed for you and ${name}.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() => toDelete && remove.mutate({ username, id: toDelete.id })}
      />
      <ConfirmDialog
        open={blockOpen}
        onOpenChange={setBlockOpen}
        title={`Block ${name}?`}
        description="They will not be told. You will get no messages, friend requests or gifts from them."
        confirmLabel="Block"
        pendingLabel="Blocking..."
        pending={block.isPending}
        onConfirm={() => block.mutate(username)}
      />
      <ReportMessageDialog
        open={reported.open}
        onOpenChange={(open) => setReported((current) => ({ ...current, open }))}
        username={username}
        messageId={reported.id}
      />
    </div>
  );
}
