import { Flag, Gift, MoreVertical, RotateCcw, Trash2 } from 'lucide-react';
import { brandDisplayName } from '@shared/constants';
import { MESSAGE_LIMITS, type Message } from '@shared/schema/messages';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { formatUsd } from '@/lib/format';
import { formatRelativeTime } from '@/lib/relative-time';
import { uploadedImageSources } from '@/lib/uploaded-image';
import { cn } from '@/lib/utils';
import { MessageText } from './message-text';

export const DELETED_TEXT = 'This message was deleted';

/** Whether my own message may still be deleted for everyone. */
export function canDelete(message: Message, now = Date.now()): boolean {
  return (
    message.fromMe &&
    !message.deleted &&
    now - new Date(message.createdAt).getTime() < MESSAGE_LIMITS.deleteWindowMs
  );
}

type MessageBubbleProps = {
  message: Message;
  /** 'Seen' under it: my newest message, read by the other person. */
  seen?: boolean;
  onDelete?: (message: Message) => void;
  onReport?: (message: Message) => void;
};

/** One message: mine on the right, theirs on the left; its words as text, its image, its gift. */
export function MessageBubble({ message, seen = false, onDelete, onReport }: MessageBubbleProps) {
  const mine = message.fromMe;
  const deletable = onDelete && canDelete(message);
  const reportable = onReport && !mine && !message.deleted;
  return (
    <li className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}>
      <div className={cn('flex max-w-[85%] items-start gap-1', mine && 'flex-row-reverse')}>
        <div
          className={cn(
            'grid min-w-0 gap-2 rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap',
            mine ? 'bg-primary text-primary-foreground' : 'bg-secondary text-secondary-foreground',
            message.deleted && 'italic opacity-80',
          )}
        >
          <span className="sr-only">{mine ? 'You: ' : `${message.sender.name}: `}</span>
          {message.deleted ? (
            <span>{DELETED_TEXT}</span>
          ) : (
            <>
              {message.giftCard && <GiftCardChip giftCard={message.giftCard} />}
              {message.imageUrl && <MessageImage url={message.imageUrl} />}
              {message.text && (
                <p>
                  <MessageText text={message.text} />
                </p>
              )}
            </>
          )}
          <time dateTime={message.createdAt} className="text-xs opacity-75">
            {formatRelativeTime(message.createdAt)}
          </time>
        </div>
        {(deletable || reportable) && (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button type="button" variant="ghost" size="icon" className="size-8 shrink-0">
                <MoreVertical aria-hidden="true" />
                <span className="sr-only">Message actions</span>
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align={mine ? 'end' : 'start'}>
              {deletable && (
                <DropdownMenuItem onSelect={() => onDelete(message)}>
                  <Trash2 aria-hidden="true" />
                  Delete for everyone
                </DropdownMenuItem>
              )}
              {reportable && (
                <DropdownMenuItem onSelect={() => onReport(message)}>
                  <Flag aria-hidden="true" />
                  Report message
                </DropdownMenuItem>
              )}
            </DropdownMenuContent>
          </DropdownMenu>
        )}
      </div>
      {seen && <span className="text-xs text-muted-foreground">Seen</span>}
    </li>
  );
}

function GiftCardChip({ giftCard }: { giftCard: NonNullable<Message['giftCard']> }) {
  return (
    <span className="flex items-center gap-2 rounded-lg border bg-card px-3 py-2 text-card-foreground not-italic">
      <Gift aria-hidden="true" className="size-4 text-primary" />
      <span>
        Gift card: <strong>{formatUsd(giftCard.value)}</strong> {brandDisplayName(giftCard.brand)}
      </span>
    </span>
  );
}

function MessageImage({ url }: { url: string }) {
  const sources = uploadedImageSources(url, 'post', '(min-width: 40rem) 320px, 70vw');
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="block w-fit">
      <img
        src={sources.src}
        srcSet={sources.srcSet}
        sizes={sources.sizes}
        alt="Image in the message"
        loading="lazy"
        decoding="async"
        className="max-h-64 max-w-full rounded-lg object-contain"
      />
    </a>
  );
}

/** A message of mine on its way, or one that failed (with Retry, which sends the same clientId). */
export function PendingBubble({
  text,
  imageUrl,
  failed,
  onRetry,
}: {
  text: string;
  imageUrl: string | null;
  failed: boolean;
  onRetry: () => void;
}) {
  return (
    <li className="flex flex-col items-end gap-1">
      <div
        className={cn(
          'grid max-w-[85%] gap-2 rounded-2xl bg-primary px-3 py-2 text-sm break-words whitespace-pre-wrap text-primary-foreground',
          failed ? 'opacity-60' : 'opacity-80',
        )}
      >
        <span className="sr-only">You: </span>
        {imageUrl && <MessageImage url={imageUrl} />}
        <p>
          <MessageText text={text} />
        </p>
      </div>
      {failed ? (
        <span className="flex items-center gap-2 text-xs text-destructive">
          Not sent
          <Button type="button" variant="outline" size="sm" className="h-7" onClick={onRetry}>
            <RotateCcw aria-hidden="true" />
            Retry
          </Button>
        </span>
      ) : (
        <span className="text-xs text-muted-foreground">Sending...</span>
      )}
    </li>
  );
}
