import { type ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { useDisabledUntilHydrated } from '@/lib/use-hydrated';

export function Input({ className, type = 'text', disabled, ...props }: ComponentProps<'input'>) {
  const inactive = useDisabledUntilHydrated(disabled);
  return (
    <input
      disabled={inactive}
      type={type}
      className={cn(
        'flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-hidden disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive md:text-sm',
        className,
      )}
      {...props}
    />
  );
}
