import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { useUser } from '@/api/get-user';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { PayoutAccountSection } from '../components/payout-account-section';
import { SavedCardsSection } from '../components/saved-cards-section';

/**
 * Payment Settings, opened from the wallet: the cards I pay with (both account types) and, for a
 * business, the bank account its withdrawals go to.
 */
export function PaymentSettingsPage() {
  // The route guard renders this page only for a signed-in user.
  const { data: user } = useUser();
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-6">
      <div className="grid gap-2">
        <Link
          href={paths.wallet}
          className={cn(buttonVariants({ variant: 'link' }), 'h-auto justify-self-start px-0')}
        >
          <ArrowLeft aria-hidden="true" />
          Back to Wallet
        </Link>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Payment Settings</h1>
      </div>
      <SavedCardsSection />
      {user?.type === 'business' && <PayoutAccountSection />}
    </div>
  );
}
