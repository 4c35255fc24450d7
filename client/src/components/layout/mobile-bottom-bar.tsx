import { Link, useLocation } from 'wouter';
import { type UserType } from '@shared/constants';
import { cn } from '@/lib/utils';
import { isActivePath, mobileNavItemsFor } from './nav-items';

type MobileBottomBarProps = { role: UserType };

/** The phone's navigation, fixed to the bottom of the screen below md. */
export function MobileBottomBar({ role }: MobileBottomBarProps) {
  const [location] = useLocation();
  const items = mobileNavItemsFor(role);

  return (
    <nav
      aria-label="Mobile"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-card pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="mx-auto flex h-16 max-w-md items-stretch justify-around">
        {items.map((item) => {
          const active = isActivePath(item.href, location);
          return (
            <li key={item.href} className="flex flex-1">
              <Link
                href={item.href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex flex-1 flex-col items-center justify-center gap-1 text-xs font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden focus-visible:ring-inset',
                  active ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                <item.icon className="size-5" aria-hidden="true" />
                {item.shortLabel}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
