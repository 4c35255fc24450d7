import { useState } from 'react';
import { useUser } from '@/api/get-user';
import { TransactionHistory } from '@/components/wallet/transaction-history';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ActivePinsList } from '../components/active-pins-list';
import { PerformanceSection } from '../components/charts/performance-section';
import { CreatePinDialog } from '../components/create-pin-dialog';
import { DashboardStats } from '../components/dashboard-stats';
import { DebugPanel } from '../components/debug-panel';
import { FirstSteps } from '../components/first-steps';

/** The business dashboard, at /business and as a business's home. */
export function BusinessDashboardPage() {
  // The route guard renders this page only for a signed-in business.
  const { data: user } = useUser();
  const [creatingPin, setCreatingPin] = useState(false);
  if (!user) return null;

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Business Dashboard</h1>
          <p className="mt-1 text-muted-foreground">{user.name}</p>
        </div>
        <CreatePinDialog open={creatingPin} onOpenChange={setCreatingPin} />
      </div>

      <FirstSteps onCreatePin={() => setCreatingPin(true)} />

      <DashboardStats />

      <PerformanceSection />

      <Tabs defaultValue="pins">
        <TabsList>
          <TabsTrigger value="pins">Active Pins</TabsTrigger>
          <TabsTrigger value="activity">Activity</TabsTrigger>
          <TabsTrigger value="debug">Debug</TabsTrigger>
        </TabsList>
        <TabsContent value="pins">
          <ActivePinsList />
        </TabsContent>
        <TabsContent value="activity">
          <TransactionHistory label="Activity" />
        </TabsContent>
        <TabsContent value="debug">
          <DebugPanel user={user} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
