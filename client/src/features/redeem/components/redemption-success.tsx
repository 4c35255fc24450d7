import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { brandDisplayName } from '@shared/constants';
import { type RedemptionResult } from '@shared/schema/gift-cards';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { formatUsd } from '@/lib/format';

type RedemptionSuccessProps = { result: RedemptionResult; onNext: () => void };

/** What was taken and what the card keeps; the next customer's card is one press away. */
export function RedemptionSuccess({ result, onNext }: RedemptionSuccessProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card>
      <CardContent className="grid justify-items-center gap-3 py-8 text-center">
        <CircleCheck className="size-12 text-primary" aria-hidden="true" />
        <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold outline-hidden">
          Card redeemed
        </h2>
        <p className="text-3xl font-bold tabular-nums">{formatUsd(result.amount)}</p>
        <p className="text-muted-foreground">
          Taken from {result.holderFirstName}&apos;s {brandDisplayName(result.brand)} gift card
          {result.store ? ` at ${result.store.name}, ${result.store.city}` : ''}.
        </p>
        <p>
          Remaining balance{' '}
          <span className="font-semibold tabular-nums">{formatUsd(result.balance)}</span>
        </p>
        <Button type="button" className="mt-2" onClick={onNext}>
          Redeem Another Card
        </Button>
      </CardContent>
    </Card>
  );
}
