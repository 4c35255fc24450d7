import { type ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { useDisabledUntilHydrated } from '@/lib/use-hydrated';

export function Textarea({ className, disabled, ...props }: ComponentProps<'textarea'>) {
  const inactive = useDisabledUntilHydrated(disabled);
  return (
    <textarea
      disabled={inactive}
      className={cn(
        'flex min-h-24 w-full rounded-md border border-input bg-card px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-hidden disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive md:text-sm',
        className,
      )}
      {...props}
    />
  );
}
