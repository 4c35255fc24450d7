import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import type * as PasswordStrength from '@/lib/password-strength';

type Scorer = typeof PasswordStrength.passwordScore;

/** What each zxcvbn score (0–4) is called beside the bar. */
export const STRENGTH_WORDS = ['Too guessable', 'Weak', 'Fair', 'Good', 'Strong'] as const;

let scorer: Promise<Scorer> | undefined;

/**
 * The estimator, fetched the first time anyone types a new password: its dictionaries are over a
 * megabyte, which no page's first script should carry. A failed fetch is tried again next time.
 */
function loadScorer(): Promise<Scorer> {
  scorer ??= import('@/lib/password-strength').then(
    (module) => module.passwordScore,
    (error: unknown) => {
      scorer = undefined;
      throw error;
    },
  );
  return scorer;
}

type PasswordStrengthMeterProps = {
  /** The new password as typed. */
  password: string;
  /** The person's own details (username, e-mail, name): a password made of them scores low. */
  userInputs?: readonly string[];
  className?: string;
};

/**
 * How hard the new password being typed is to guess, as a bar and a word (Too guessable, Weak,
 * Fair, Good, Strong): a guide while typing. The server decides what is refused (the common
 * passwords list and the person's details), whatever the bar says. Nothing shows until something
 * is typed and the estimator has loaded, but its room is kept from the start: a bar appearing
 * once the estimator arrives would move the button below it under a pointer about to press it.
 */
export function PasswordStrengthMeter({
  password,
  userInputs = [],
  className,
}: PasswordStrengthMeterProps) {
  const [score, setScore] = useState<Scorer | null>(null);
  // Estimating takes a few milliseconds a keystroke: the field shows each one first.
  const deferred = useDeferredValue(password);
  const typed = deferred.length > 0;

  useEffect(() => {
    if (!typed || score) return;
    let current = true;
    loadScorer().then(
      (loaded) => {
        if (current) setScore(() => loaded);
      },
      // Without the estimator the form works as before, with no bar.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [typed, score]);

  const inputs = userInputs.join('\n');
  const value = useMemo(
    () => (score && typed ? score(deferred, inputs ? inputs.split('\n') : []) : null),
    [score, typed, deferred, inputs],
  );
  // The bar (0.5rem), the gap (0.25rem) and a line of extra-small text (1rem).
  const room = cn('min-h-7', className);
  if (value === null) return <div className={room} aria-hidden="true" />;

  const word = STRENGTH_WORDS[value];
  return (
    <div className={cn('grid gap-1', room)}>
      <Progress
        value={value}
        max={4}
        aria-label="Password strength"
        getValueLabel={() => word}
        className={cn(
          value <= 1 && '[&>div]:bg-destructive',
          value === 2 && '[&>div]:bg-amber-500',
          value >= 3 && '[&>div]:bg-emerald-600',
        )}
      />
      <p className="text-xs text-muted-foreground">
        Password strength: <span className="font-medium text-foreground">{word}</span>
      </p>
    </div>
  );
}
