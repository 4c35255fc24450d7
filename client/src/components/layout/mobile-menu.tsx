import { Menu, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { type UserType } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { isActivePath, mobileNavItemsFor, navItemsFor, unreadBadgeText } from './nav-items';

type UnreadCountBadgeProps = { count: number; className?: string };

/**
 * The unread-notifications bubble beside a navigation item; screen readers hear "3 unread" as part
 * of the item's name. Nothing when all is read.
 */
export function UnreadCountBadge({ count, className }: UnreadCountBadgeProps) {
  if (count <= 0) return null;
  return (
    <span
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-destructive px-1.5 text-xs leading-5 font-semibold text-destructive-foreground tabular-nums',
        className,
      )}
    >
      <span aria-hidden="true">{unreadBadgeText(count)}</span>
      <span className="sr-only">{` ${count} unread`}</span>
    </span>
  );
}

type MobileMenuProps = {
  role: UserType;
  /** Unread notifications, shown on their item and on the Menu button. */
  unread?: number;
  /** Unread messages, likewise. */
  unreadMessages?: number;
};

/**
 * On a phone the bottom bar holds four items; the rest of the navigation (Wallet,
 * Notifications …) opens from this Menu button in the top bar, so every page stays reachable.
 */
export function MobileMenu({ role, unread = 0, unreadMessages = 0 }: MobileMenuProps) {
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const inBottomBar = new Set(mobileNavItemsFor(role).map((item) => item.href));
  const items = navItemsFor(role).filter((item) => !inBottomBar.has(item.href));
  const menuUnread =
    (items.some((item) => item.showsUnreadCount) ? unread : 0) +
    (items.some((item) => item.showsUnreadMessages) ? unreadMessages : 0);

  useEffect(() => setOpen(false), [location]);

  if (items.length === 0) return null;
  return (
    <div className="md:hidden">
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        Menu
        <UnreadCountBadge count={menuUnread} />
      </Button>
      {open && (
        <nav
          id={panelId}
          aria-label="More"
          className="absolute inset-x-0 top-full border-b bg-card shadow-md"
        >
          <ul className="mx-auto grid max-w-6xl gap-1 p-2">
            {items.map((item) => {
              const active = isActivePath(item.href, location);
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'flex items-center gap-3 rounded-md px-3 py-3 text-sm font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden',
                      active ? 'bg-accent text-accent-foreground' : 'text-foreground',
                    )}
                  >
                    <item.icon className="size-4" aria-hidden="true" />
                    {item.label}
                    {item.showsUnreadCount && <UnreadCountBadge count={unread} />}
                    {item.showsUnreadMessages && <UnreadCountBadge count={unreadMessages} />}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
    </div>
  );
}
