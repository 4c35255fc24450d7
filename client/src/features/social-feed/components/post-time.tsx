import { formatDateTime } from '@/lib/format';
import { formatRelativeTime } from '@/lib/relative-time';
import { cn } from '@/lib/utils';

/** '5 minutes ago', with the full date and time on hover and for machines. */
export function PostTime({ date, className }: { date: string | null; className?: string }) {
  return (
    <time
      dateTime={date ?? undefined}
      title={date ? formatDateTime(date) : undefined}
      className={cn('text-sm text-muted-foreground', className)}
    >
      {formatRelativeTime(date)}
    </time>
  );
}
