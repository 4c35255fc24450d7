import { BadgeCheck } from 'lucide-react';
import { cn } from '@/lib/utils';

/** The verified mark beside a name: every verified user gets this badge. */
export function VerifiedBadge({ className }: { className?: string }) {
  return (
    <BadgeCheck
      role="img"
      aria-label="Verified"
      className={cn('size-4 shrink-0 fill-primary text-primary-foreground', className)}
    />
  );
}
