import { type ReactNode } from 'react';
import { type CurrentUser } from '@shared/schema/users';
import { MobileBottomBar } from './mobile-bottom-bar';
import { NavBar } from './nav-bar';
import { NotificationLive } from './notification-live';

type PageShellProps = { user: CurrentUser; children: ReactNode };

/** The frame of every signed-in page: top bar, the page's <main>, and the phone's bottom bar. */
export function PageShell({ user, children }: PageShellProps) {
  return (
    <div className="min-h-screen">
      <NavBar user={user} />
      {/* Bottom padding keeps the end of the page clear of the fixed mobile bar. */}
      <main className="mx-auto w-full max-w-6xl px-4 pt-6 pb-24 md:pb-10">{children}</main>
      <MobileBottomBar role={user.type} />
      {/* Live notifications: toasts and the unread badge, for as long as someone is signed in. */}
      <NotificationLive userId={user.id} />
    </div>
  );
}
