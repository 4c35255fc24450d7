import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Route, Router, Switch } from 'wouter';
import { ProtectedRoute } from '@/components/layout/protected-route';
import { FullPageSpinner } from '@/components/ui/spinner';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { PublicShell } from '@/components/layout/public-shell';
import { StepUpPrompt } from '@/components/step-up/step-up-prompt';
import { paths, routePatterns } from '@/lib/paths';
import { loadAuthPage, loadProfilePage } from './first-route';
import { queryClient } from '@/lib/query-client';

const AuthPage = lazy(() => loadAuthPage().then((module) => ({ default: module.AuthPage })));
const ConsumerHomePage = lazy(() =>
  import('@/features/home/pages/consumer-home-page').then((module) => ({
    default: module.ConsumerHomePage,
  })),
);
const BusinessDashboardPage = lazy(() =>
  import('@/features/business/pages/business-dashboard-page').then((module) => ({
    default: module.BusinessDashboardPage,
  })),
);
const WalletPage = lazy(() =>
  import('@/features/wallet/pages/wallet-page').then((module) => ({ default: module.WalletPage })),
);
const PaymentSettingsPage = lazy(() =>
  import('@/features/payment-settings/pages/payment-settings-page').then((module) => ({
    default: module.PaymentSettingsPage,
  })),
);
const MarketplacePage = lazy(() =>
  import('@/features/marketplace/pages/marketplace-page').then((module) => ({
    default: module.MarketplacePage,
  })),
);
const LeaderboardPage = lazy(() =>
  import('@/features/leaderboard/pages/leaderboard-page').then((module) => ({
    default: module.LeaderboardPage,
  })),
);
const ProfilePage = lazy(() =>
  loadProfilePage().then((module) => ({ default: module.ProfilePage })),
);
const FriendsPage = lazy(() =>
  import('@/features/friends/pages/friends-page').then((module) => ({
    default: module.FriendsPage,
  })),
);
const AddFriendPage = lazy(() =>
  import('@/features/friends/pages/add-friend-page').then((module) => ({
    default: module.AddFriendPage,
  })),
);
const UserFriendsPage = lazy(() =>
  import('@/features/friends/pages/user-friends-page').then((module) => ({
    default: module.UserFriendsPage,
  })),
);
const ApiTestPage = lazy(() =>
  import('@/features/dev-tools/pages/api-test-page').then((module) => ({
    default: module.ApiTestPage,
  })),
);
const DialogTestPage = lazy(() =>
  import('@/features/dev-tools/pages/dialog-test-page').then((module) => ({
    default: module.DialogTestPage,
  })),
);
const DialogDebugPage = lazy(() =>
  import('@/features/dev-tools/pages/dialog-test-page').then((module) => ({
    default: module.DialogDebugPage,
  })),
);
const SocialFeedPage = lazy(() =>
  import('@/features/social-feed/pages/social-feed-page').then((module) => ({
    default: module.SocialFeedPage,
  })),
);
const LeadsPage = lazy(() =>
  import('@/features/leads/pages/leads-page').then((module) => ({ default: module.LeadsPage })),
);
const RedeemPage = lazy(() =>
  import('@/features/redeem/pages/redeem-page').then((module) => ({ default: module.RedeemPage })),
);
const NotificationsPage = lazy(() =>
  import('@/features/notifications/pages/notifications-page').then((module) => ({
    default: module.NotificationsPage,
  })),
);
const MessagesPage = lazy(() =>
  import('@/features/messages/pages/messages-page').then((module) => ({
    default: module.MessagesPage,
  })),
);
const ConversationPage = lazy(() =>
  import('@/features/messages/pages/conversation-page').then((module) => ({
    default: module.ConversationPage,
  })),
);
const SettingsPage = lazy(() =>
  import('@/features/settings/pages/settings-page').then((module) => ({
    default: module.SettingsPage,
  })),
);
const ResetPasswordPage = lazy(() =>
  import('@/features/auth/pages/reset-password-page').then((module) => ({
    default: module.ResetPasswordPage,
  })),
);
const ConfirmEmailPage = lazy(() =>
  import('@/features/settings/pages/confirm-email-page').then((module) => ({
    default: module.ConfirmEmailPage,
  })),
);
const NotFoundPage = lazy(() =>
  import('@/features/not-found/pages/not-found-page').then((module) => ({
    default: module.NotFoundPage,
  })),
);

type AppProps = {
  /** The query cache; the browser's own unless the server renders a page from another. */
  client?: QueryClient;
  /** The address rendered on the server (render-first-route.tsx); the browser's location otherwise. */
  ssrPath?: string;
};

export function App({ client = queryClient, ssrPath }: AppProps = {}) {
  return (
    <QueryClientProvider client={client}>
      <Router ssrPath={ssrPath}>
        <Suspense fallback={<FullPageSpinner />}>
          <Switch>
            <Route path={paths.auth} component={AuthPage} />
            {/* Open to everyone: how a guest sends a gift card. */}
            <Route path={routePatterns.profile}>
              <PublicShell>
                <ProfilePage />
              </PublicShell>
            </Route>
            {/* Home: a business's home is its dashboard, a consumer's the Mark.itplace. */}
            <ProtectedRoute
              path={paths.home}
              componentByRole={{ business: BusinessDashboardPage, consumer: ConsumerHomePage }}
            />
            <ProtectedRoute
              path={paths.business}
              component={BusinessDashboardPage}
              role="business"
            />
            <ProtectedRoute path={paths.wallet} component={WalletPage} />
            <ProtectedRoute path={paths.paymentSettings} component={PaymentSettingsPage} />
            <ProtectedRoute path={paths.friends} component={FriendsPage} />
            <ProtectedRoute path={paths.addFriend} component={AddFriendPage} />
            <ProtectedRoute path={paths.socialFeed} component={SocialFeedPage} />
            <ProtectedRoute path={paths.leads} component={LeadsPage} role="business" />
            <ProtectedRoute path={paths.redeem} component={RedeemPage} role="business" />
            <ProtectedRoute path={paths.notifications} component={NotificationsPage} />
            <ProtectedRoute path={paths.messages} component={MessagesPage} />
            <ProtectedRoute path={routePatterns.conversation} component={ConversationPage} />
            {/* Open, like the profile that links to it. */}
            <Route path={routePatterns.friendsOf}>
              <PublicShell>
                <UserFriendsPage />
              </PublicShell>
            </Route>
            <ProtectedRoute path={paths.apiTest} component={ApiTestPage} />
            <Route path={paths.dialogTest}>
              <PublicShell>
                <DialogTestPage />
              </PublicShell>
            </Route>
            <Route path={paths.dialogDebug}>
              <PublicShell>
                <DialogDebugPage />
              </PublicShell>
            </Route>
            {/* Open: the link in the letter is the proof, signed in on this device or not. */}
            <Route path={paths.resetPassword}>
              <PublicShell>
                <ResetPasswordPage />
              </PublicShell>
            </Route>
            <Route path={paths.confirmEmail}>
              <PublicShell>
                <ConfirmEmailPage />
              </PublicShell>
            </Route>
            <ProtectedRoute path={paths.settings} component={SettingsPage} />
            <ProtectedRoute path={paths.leaderboard} component={LeaderboardPage} role="consumer" />
            <ProtectedRoute path={paths.marketplace} component={MarketplacePage} role="consumer" />
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </Router>
      <DeferredToaster />
      {/* 'Confirm it's you' before money moves, whichever page asked. */}
      <StepUpPrompt />
    </QueryClientProvider>
  );
}
