import { CheckCircle2, Circle } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useBusinessDashboard } from '../api/get-business-dashboard';

function Step({ done, children }: { done: boolean; children: ReactNode }) {
  const Icon = done ? CheckCircle2 : Circle;
  return (
    <li className="flex items-center gap-2">
      <Icon
        className={
          done ? 'size-5 shrink-0 text-green-700' : 'size-5 shrink-0 text-muted-foreground'
        }
        aria-hidden="true"
      />
      {children}
      <span className="sr-only">{done ? '(done)' : '(to do)'}</span>
    </li>
  );
}

/**
 * A new business's checklist: add funds, create a pin, see a first claim, each ticked once done.
 * Gone once all three are.
 */
export function FirstSteps({ onCreatePin }: { onCreatePin: () => void }) {
  const titleId = useId();
  const { data } = useBusinessDashboard();
  if (!data) return null;
  const { fundsAdded, pinCreated, firstClaim } = data.firstSteps;
  if (fundsAdded && pinCreated && firstClaim) return null;

  return (
    <Card>
      <CardContent className="grid gap-3 p-4">
        <h2 id={titleId} className="font-semibold">
          First steps
        </h2>
        <ol aria-labelledby={titleId} className="grid gap-2 text-sm">
          <Step done={fundsAdded}>
            {fundsAdded ? (
              'Add funds'
            ) : (
              <Link
                href="/wallet"
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                Add funds
              </Link>
            )}
          </Step>
          <Step done={pinCreated}>
            {pinCreated ? (
              'Create a pin'
            ) : (
              <Button
                type="button"
                variant="link"
                className="h-auto p-0 text-sm font-medium"
                onClick={onCreatePin}
              >
                Create a pin
              </Button>
            )}
          </Step>
          <Step done={firstClaim}>See your first claim</Step>
        </ol>
      </CardContent>
    </Card>
  );
}
