import { type ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A loading placeholder; hidden from assistive technology, which hears the surrounding status. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('rounded-md bg-muted motion-safe:animate-pulse', className)}
      {...props}
    />
  );
}
