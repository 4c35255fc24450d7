import { Link, useLocation } from 'wouter';
import { type CurrentUser } from '@shared/schema/users';
import { useMessagesUnreadCount } from '@/api/get-messages-unread-count';
import { useUnreadCount } from '@/api/get-unread-count';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { MobileMenu, UnreadCountBadge } from './mobile-menu';
import { isActivePath, navItemsFor } from './nav-items';
import { UserMenu } from './user-menu';

type NavBarProps = { user: CurrentUser };

/**
 * The top bar. From md up it carries the full navigation; on a phone it keeps the brand, a Menu
 * with the pages the bottom bar has no room for; at every size, the account menu (Settings,
 * Logout).
 */
export function NavBar({ user }: NavBarProps) {
  const [location] = useLocation();
  const items = navItemsFor(user.type);
  const unread = useUnreadCount().data?.unread ?? 0;
  const unreadMessages = useMessagesUnreadCount().data?.count ?? 0;

  return (
    <header className="sticky top-0 z-40 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-4 px-4 md:h-16 xl:gap-3">
        <Link
          href={paths.home}
          className="rounded-md text-xl font-bold tracking-tight text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-hidden"
        >
          mark.it
        </Link>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1 xl:gap-0.5">
            {items.map((item) => {
              const active = isActivePath(item.href, location);
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    aria-current={active ? 'page' : undefined}
                    title={item.label}
                    className={cn(
                      'inline-flex items-center gap-2 rounded-md px-3 py-2 xl:gap-1.5 xl:px-2 text-sm font-medium whitespace-nowrap transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden',
                      active ? 'bg-accent text-accent-foreground' : 'text-muted-foreground',
                    )}
                  >
                    <item.icon className="size-4" aria-hidden="true" />
                    {/* Icons alone until the bar is wide enough for the labels; the name stays. */}
                    <span className="sr-only xl:not-sr-only xl:whitespace-nowrap">
                      {item.label}
                    </span>
                    {item.showsUnreadCount && <UnreadCountBadge count={unread} />}
                    {item.showsUnreadMessages && <UnreadCountBadge count={unreadMessages} />}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="ml-auto flex min-w-0 items-center gap-3">
          <MobileMenu role={user.type} unread={unread} unreadMessages={unreadMessages} />
          <UserMenu user={user} />
        </div>
      </div>
    </header>
  );
}
