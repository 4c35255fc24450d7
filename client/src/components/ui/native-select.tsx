import { ChevronDown } from 'lucide-react';
import { type ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { useDisabledUntilHydrated } from '@/lib/use-hydrated';

/**
 * A styled native <select>: the platform's own picker on phones, full keyboard and screen-reader
 * support, and a long list (hundreds of stores in a city) stays fast.
 */
export function NativeSelect({
  className,
  children,
  disabled,
  ...props
}: ComponentProps<'select'>) {
  const inactive = useDisabledUntilHydrated(disabled);
  return (
    <div className="relative">
      <select
        disabled={inactive}
        className={cn(
          'flex h-10 w-full appearance-none rounded-md border border-input bg-card py-2 pr-9 pl-3 text-base text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-hidden disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive md:text-sm',
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
    </div>
  );
}
