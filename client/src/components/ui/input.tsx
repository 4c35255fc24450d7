import { type ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { useHydrated } from '@/lib/use-hydrated';

export function Input({ className, type = 'text', disabled, ...props }: ComponentProps<'input'>) {
  // As a button: in the server's HTML a field would take typing that React then resets to the
  // form's state when it takes the page over, so it waits, disabled, until then.
  const hydrated = useHydrated();
  return (
    <input
      disabled={disabled || !hydrated}
      type={type}
      className={cn(
        'flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-hidden disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive md:text-sm',
        className,
      )}
      {...props}
    />
  );
}
