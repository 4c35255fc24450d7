import { Link } from 'wouter';
import { type ConversationSummary } from '@shared/schema/messages';
import { Avatar } from '@/components/ui/avatar';
import { Skeleton } from '@/components/ui/skeleton';
import { unreadBadgeText } from '@/components/layout/nav-items';
import { conversationPagePath } from '@/lib/paths';
import { formatRelativeTime } from '@/lib/relative-time';
import { cn } from '@/lib/utils';
import { lastMessagePreview } from '../lib/preview';

/** My conversations, newest activity first: who, the last message's first line, when, unread. */
export function ConversationList({ conversations }: { conversations: ConversationSummary[] }) {
  return (
    <ul aria-label="Conversations" className="grid gap-2">
      {conversations.map((conversation) => (
        <ConversationRow key={conversation.username} conversation={conversation} />
      ))}
    </ul>
  );
}

function ConversationRow({ conversation }: { conversation: ConversationSummary }) {
  const { name, avatar, username, lastMessage, unreadCount } = conversation;
  const unread = unreadCount > 0;
  return (
    <li>
      <Link
        href={conversationPagePath(username)}
        className={cn(
          'flex items-center gap-3 rounded-lg border p-3 shadow-sm transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden',
          unread ? 'bg-accent/60' : 'bg-card',
        )}
      >
        <Avatar name={name} picture={avatar} decorative />
        <span className="grid min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={cn('truncate', unread ? 'font-semibold' : 'font-medium')}>{name}</span>
            {lastMessage && (
              <time
                dateTime={lastMessage.sentAt}
                className="shrink-0 text-xs text-muted-foreground"
              >
                {formatRelativeTime(lastMessage.sentAt)}
              </time>
            )}
          </span>
          <span className="flex items-center justify-between gap-2">
            <span
              className={cn(
                'truncate text-sm',
                unread ? 'text-foreground' : 'text-muted-foreground',
              )}
            >
              {lastMessagePreview(lastMessage)}
            </span>
            {unread && (
              <span className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-xs leading-5 font-semibold text-primary-foreground tabular-nums">
                <span aria-hidden="true">{unreadBadgeText(unreadCount)}</span>
                <span className="sr-only">{`, ${unreadCount} unread`}</span>
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** Placeholder rows while the conversations load. */
export function ConversationListSkeleton() {
  return (
    <div role="status" aria-label="Loading conversations" className="grid gap-2">
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className="flex items-center gap-3 rounded-lg border bg-card p-3">
          <Skeleton className="size-10 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-40 max-w-full" />
            <Skeleton className="h-3 w-64 max-w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}
