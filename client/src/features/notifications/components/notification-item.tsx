import { Check, CheckCheck, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Button, buttonVariants } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { useRespondFriendRequest } from '@/api/respond-friend-request';
import { type NotificationDisplay } from '../lib/notification-display';
import { NotificationIcon } from './notification-icon';

type NotificationItemProps = { notification: NotificationDisplay };

/**
 * One notification: its icon, message, relative time and action. Unread ones stand out with a
 * tinted background (and 'Unread' for screen readers); clicking the item, 'Mark as read' or any of
 * its actions marks it read.
 */
export function NotificationListItem({ notification }: NotificationItemProps) {
  const messageId = useId();
  const markedRef = useRef(false);
  const markRead = useMarkNotificationRead({
    mutationConfig: {
      onError: (error) => {
        markedRef.current = false;
        toast({
          variant: 'destructive',
          title: 'Failed to mark as read',
          description: errorMessage(error, 'Please try again.'),
        });
      },
    },
  });

  const open = () => {
    if (notification.read || markedRef.current) return;
    markedRef.current = true;
    markRead.mutate(notification.id);
  };

  const unread = !notification.read && !markRead.isSuccess;
  const { action } = notification;

  return (
    <li
      onClick={open}
      className={cn(
        'flex flex-wrap items-start gap-3 rounded-lg border p-4 text-card-foreground shadow-sm transition-colors sm:flex-nowrap',
        unread ? 'border-primary/40 bg-accent' : 'bg-card',
      )}
    >
      <NotificationIcon kind={notification.kind} type={notification.type} />
      <div className="grid min-w-0 flex-1 basis-48 gap-1">
        <p id={messageId} className={cn('break-words', unread && 'font-medium')}>
          {notification.message}
        </p>
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <time dateTime={notification.createdAt}>{notification.relativeTime}</time>
          {unread && (
            <>
              <span aria-hidden="true" className="size-2 rounded-full bg-primary" />
              <span className="sr-only">Unread</span>
            </>
          )}
        </p>
      </div>
      <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto sm:justify-end">
        {action?.type === 'respond' && (
          <FriendRequestActions
            friendshipId={action.friendshipId}
            senderName={notification.actor.name}
            describedBy={messageId}
            onAnswer={open}
          />
        )}
        {action?.type === 'link' && (
          <Link
            href={action.href}
            onClick={open}
            aria-describedby={messageId}
            className={buttonVariants({
              size: 'sm',
              variant: notification.actionable ? 'default' : 'outline',
            })}
          >
            {action.label}
          </Link>
        )}
        {unread && (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            onClick={open}
            disabled={markRead.isPending}
            aria-describedby={messageId}
          >
            <CheckCheck aria-hidden="true" />
            Mark as read
          </Button>
        )}
      </div>
    </li>
  );
}

type FriendRequestActionsProps = {
  friendshipId: number;
  senderName: string;
  describedBy: string;
  onAnswer: () => void;
};

/** Accept / Decline, through the friends API; the answer replaces the buttons. */
function FriendRequestActions({
  friendshipId,
  senderName,
  describedBy,
  onAnswer,
}: FriendRequestActionsProps) {
  const [answer, setAnswer] = useState<'accepted' | 'declined' | null>(null);
  const respond = useRespondFriendRequest({
    mutationConfig: {
      onSuccess: (_result, input) => {
        const accepted = input.action === 'accept';
        setAnswer(accepted ? 'accepted' : 'declined');
        toast(
          accepted
            ? {
                title: 'Friend request accepted',
                description: `You and ${senderName} are now friends.`,
              }
            : {
                title: 'Friend request declined',
                description: `${senderName} will not be added to your friends.`,
              },
        );
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Failed to respond to request',
          description: errorMessage(error, 'Please try again.'),
        });
      },
    },
  });

  if (answer) {
    return (
      <p className="text-sm text-muted-foreground" role="status">
        {answer === 'accepted' ? 'Friend request accepted' : 'Friend request declined'}
      </p>
    );
  }

  const answering = respond.isPending ? respond.variables.action : null;
  const reply = (action: 'accept' | 'reject') => {
    onAnswer();
    respond.mutate({ friendshipId, action });
  };

  return (
    <>
      <Button
        type="button"
        size="sm"
        disabled={respond.isPending}
        aria-describedby={describedBy}
        onClick={() => reply('accept')}
      >
        <Check aria-hidden="true" />
        {answering === 'accept' ? 'Accepting...' : 'Accept'}
      </Button>
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={respond.isPending}
        aria-describedby={describedBy}
        onClick={() => reply('reject')}
      >
        <X aria-hidden="true" />
        {answering === 'reject' ? 'Declining...' : 'Decline'}
      </Button>
    </>
  );
}
