import {
  CreditCard,
  Gift,
  HandCoins,
  History,
  Minus,
  Plus,
  Send,
  SlidersHorizontal,
} from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { type Wallet } from '@shared/schema/ledger';
import { useUser } from '@/api/get-user';
import { useWallet } from '@/api/get-wallet';
import { SendGiftDialog } from '@/components/gift-cards/send-gift-dialog';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/lib/paths';
import { ActivitySummary } from '../components/activity-summary';
import { AddFundsDialog } from '@/components/wallet/add-funds-dialog';
import { BalanceCard } from '../components/balance-card';
import { ConsumerGiftCards } from '../components/consumer-gift-cards';
import { GiftsChart } from '../components/gifts-chart';
import { GiftRequestsList } from '../components/gift-requests-list';
import { ManageGiftCardsDialog } from '../components/manage-gift-cards-dialog';
import { RecentTransactions } from '../components/recent-transactions';
import { RequestGiftDialog } from '../components/request-gift-dialog';
import { TransactionHistoryDialog } from '../components/transaction-history-dialog';
import { WalletSkeleton } from '../components/wallet-skeleton';
import { WithdrawDialog } from '../components/withdraw-dialog';
import { ErrorAlert } from '@/components/ui/error-alert';

/**
 * The wallet, one page for both account types. A business adds and withdraws
 * funds through the test-mode payment provider and manages the cards issued from its pins; a
 * consumer sees the balance of their usable cards, sends and requests gifts, and uses their cards.
 * Both get the activity summary computed by the server and the full history.
 */
export function WalletPage() {
  // The route guard renders this page only for a signed-in user.
  const { data: user, isPending: userPending } = useUser();
  const { data: wallet, isPending, isError, refetch, isRefetching } = useWallet();

  return (
    <div className="grid grid-cols-1 gap-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Your Wallet</h1>

      {isPending || userPending ? (
        <WalletSkeleton />
      ) : isError ? (
        <ErrorAlert
          message="Failed to load wallet data. Please try again later."
          onRetry={() => void refetch()}
          retrying={isRefetching}
        />
      ) : user?.type === 'business' ? (
        <BusinessWallet wallet={wallet} />
      ) : user?.type === 'consumer' ? (
        <ConsumerWallet wallet={wallet} />
      ) : null}
    </div>
  );
}

type Dialogs<Name extends string> = {
  open: (name: Name) => void;
  props: (name: Name) => { open: boolean; onOpenChange: (open: boolean) => void };
};

/** One dialog open at a time, by name. */
function useDialogs<Name extends string>(): Dialogs<Name> {
  const [openDialog, setOpenDialog] = useState<Name | null>(null);
  return {
    open: setOpenDialog,
    props: (name) => ({
      open: openDialog === name,
      onOpenChange: (open) => setOpenDialog(open ? name : null),
    }),
  };
}

/** The role's own actions, then Payment Settings (a page of its own) for both roles. */
function QuickActions({ children }: { children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        {children}
        <Link href={paths.paymentSettings} className={buttonVariants({ variant: 'outline' })}>
          <SlidersHorizontal aria-hidden="true" />
          Payment Settings
        </Link>
      </CardContent>
    </Card>
  );
}

function BusinessWallet({ wallet }: { wallet: Wallet }) {
  const dialogs = useDialogs<'add-funds' | 'withdraw' | 'history' | 'manage-cards'>();

  return (
    <>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <BalanceCard balance={wallet.balance}>
          <Button variant="secondary" onClick={() => dialogs.open('add-funds')}>
            <Plus aria-hidden="true" />
            Add Funds
          </Button>
          <Button variant="secondary" onClick={() => dialogs.open('withdraw')}>
            <Minus aria-hidden="true" />
            Withdraw
          </Button>
        </BalanceCard>
        <ActivitySummary summary={wallet.summary} />
      </div>

      <QuickActions>
        <Button variant="outline" onClick={() => dialogs.open('history')}>
          <History aria-hidden="true" />
          Transaction History
        </Button>
        <Button variant="outline" onClick={() => dialogs.open('manage-cards')}>
          <CreditCard aria-hidden="true" />
          Manage Gift Cards
        </Button>
      </QuickActions>

      <RecentTransactions
        transactions={wallet.transactions}
        onViewAll={() => dialogs.open('history')}
        empty="No transactions yet. Add funds to get started."
      />

      <AddFundsDialog {...dialogs.props('add-funds')} />
      <WithdrawDialog {...dialogs.props('withdraw')} balance={wallet.balance} />
      <TransactionHistoryDialog {...dialogs.props('history')} />
      <ManageGiftCardsDialog {...dialogs.props('manage-cards')} />
    </>
  );
}

function ConsumerWallet({ wallet }: { wallet: Wallet }) {
  const dialogs = useDialogs<'send-gift' | 'request-gift' | 'history'>();
  const giftCardsHeading = useRef<HTMLHeadingElement>(null);

  const viewGiftCards = () => {
    const heading = giftCardsHeading.current;
    if (!heading) return;
    heading.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    heading.focus({ preventScroll: true });
  };

  return (
    <>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <BalanceCard balance={wallet.balance} note="The balance left on your usable gift cards">
          <Button variant="secondary" onClick={() => dialogs.open('send-gift')}>
            <Send aria-hidden="true" />
            Send Gift
          </Button>
          <Button variant="secondary" onClick={() => dialogs.open('request-gift')}>
            <HandCoins aria-hidden="true" />
            Request Gift
          </Button>
        </BalanceCard>
        <ActivitySummary summary={wallet.summary} />
      </div>

      <GiftRequestsList />

      <QuickActions>
        <Button variant="outline" onClick={() => dialogs.open('history')}>
          <History aria-hidden="true" />
          Transaction History
        </Button>
        <Button variant="outline" onClick={viewGiftCards}>
          <Gift aria-hidden="true" />
          View Gift Cards
        </Button>
      </QuickActions>

      <ConsumerGiftCards headingRef={giftCardsHeading} />

      <GiftsChart />

      <RecentTransactions
        transactions={wallet.transactions}
        onViewAll={() => dialogs.open('history')}
        empty={
          <>
            No transactions yet. Claim a gift card in the{' '}
            <Link href={paths.marketplace} className="font-medium text-primary underline">
              Marketplace
            </Link>{' '}
            to get started.
          </>
        }
      />

      <SendGiftDialog {...dialogs.props('send-gift')} />
      <RequestGiftDialog {...dialogs.props('request-gift')} />
      <TransactionHistoryDialog {...dialogs.props('history')} />
    </>
  );
}
