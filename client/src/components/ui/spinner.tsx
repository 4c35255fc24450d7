import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

type SpinnerProps = { className?: string; label?: string };

export function Spinner({ className, label = 'Loading' }: SpinnerProps) {
  return (
    <div
      role="status"
      aria-label={label}
      className={cn('flex items-center justify-center', className)}
    >
      <LoaderCircle className="size-8 text-primary motion-safe:animate-spin" aria-hidden="true" />
    </div>
  );
}

/** A spinner that fills the screen while a page or the session loads. */
export function FullPageSpinner() {
  return <Spinner className="min-h-screen w-full" />;
}
