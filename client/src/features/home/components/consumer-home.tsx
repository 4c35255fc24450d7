import { Gift } from 'lucide-react';
import { type CurrentUser } from '@shared/schema/users';
import { EmptyState } from './empty-state';

type ConsumerHomeProps = { user: CurrentUser };

/** The consumer home: the Mark.itplace of offers, empty until businesses create pins. */
export function ConsumerHome({ user }: ConsumerHomeProps) {
  return (
    <div className="grid gap-6">
      <div>
        <p className="text-muted-foreground">Hello, {user.name}!</p>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Mark.itplace</h1>
      </div>
      <EmptyState
        icon={Gift}
        message="No offers near you yet. Offers from your favourite brands will appear here."
      />
    </div>
  );
}
