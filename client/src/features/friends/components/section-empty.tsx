import { type ReactNode } from 'react';

/** A section with nothing in it yet: one quiet line. */
export function SectionEmpty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}
