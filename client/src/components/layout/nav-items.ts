import {
  Bell,
  Contact,
  House,
  type LucideIcon,
  MessageCircle,
  Newspaper,
  ScanLine,
  Store,
  Trophy,
  Users,
  Wallet,
} from 'lucide-react';
import { type UserType } from '@shared/constants';
import { paths } from '@/lib/paths';

export type NavItem = {
  /** The label in the top navigation. */
  label: string;
  /** The shorter label in the mobile bottom bar. */
  shortLabel: string;
  href: string;
  icon: LucideIcon;
  /** Who sees the item at all. */
  roles: readonly UserType[];
  /** Who gets it in the four-item mobile bottom bar. */
  mobileRoles: readonly UserType[];
  /** Carries the unread-notifications count as a badge. */
  showsUnreadCount?: boolean;
  /** Carries the unread-messages count as a badge. */
  showsUnreadMessages?: boolean;
};

const everyone = ['consumer', 'business'] as const;

/**
 * The navigation, in the product's order: Home, Friends, Social Feed, Leads (business),
 * Redeem (business), Leaderboard (consumer), Marketplace (consumer), Wallet, Messages, Notifications. An item is listed only
 * once its page exists, so a link never leads nowhere; the change that adds a page adds its one
 * line here, e.g.
 *   { label: 'Friends', shortLabel: 'Friends', href: paths.friends, icon: Users, roles: everyone, mobileRoles: everyone },
 * Mobile bar: consumers Home, Friends, Social, Market; businesses Home, Friends, Social, Wallet.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  {
    label: 'Home',
    shortLabel: 'Home',
    href: paths.home,
    icon: House,
    roles: everyone,
    mobileRoles: everyone,
  },
  {
    label: 'Friends',
    shortLabel: 'Friends',
    href: paths.friends,
    icon: Users,
    roles: everyone,
    mobileRoles: everyone,
  },
  {
    label: 'Social Feed',
    shortLabel: 'Social',
    href: paths.socialFeed,
    icon: Newspaper,
    roles: everyone,
    mobileRoles: everyone,
  },
  {
    label: 'Leads',
    shortLabel: 'Leads',
    href: paths.leads,
    icon: Contact,
    roles: ['business'],
    mobileRoles: [],
  },
  {
    label: 'Redeem',
    shortLabel: 'Redeem',
    href: paths.redeem,
    icon: ScanLine,
    roles: ['business'],
    // The bottom bar keeps its four items: on a phone it is under Menu.
    mobileRoles: [],
  },
  {
    label: 'Leaderboard',
    shortLabel: 'Leaders',
    href: paths.leaderboard,
    icon: Trophy,
    roles: ['consumer'],
    mobileRoles: [],
  },
  {
    label: 'Marketplace',
    shortLabel: 'Market',
    href: paths.marketplace,
    icon: Store,
    roles: ['consumer'],
    mobileRoles: ['consumer'],
  },
  {
    label: 'Wallet',
    shortLabel: 'Wallet',
    href: paths.wallet,
    icon: Wallet,
    roles: everyone,
    mobileRoles: ['business'],
  },
  {
    label: 'Messages',
    shortLabel: 'Messages',
    href: paths.messages,
    icon: MessageCircle,
    roles: everyone,
    // The bottom bar keeps its four items: on a phone it is under Menu.
    mobileRoles: [],
    showsUnreadMessages: true,
  },
  {
    label: 'Notifications',
    shortLabel: 'Alerts',
    href: paths.notifications,
    icon: Bell,
    roles: everyone,
    // Not in the bottom bar, which holds only four items: on a phone it is under Menu.
    mobileRoles: [],
    showsUnreadCount: true,
  },
];

/** The badge's text: the count, capped so it stays a small bubble. */
export function unreadBadgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

export function navItemsFor(role: UserType): NavItem[] {
  return NAV_ITEMS.filter((item) => item.roles.includes(role));
}

export function mobileNavItemsFor(role: UserType): NavItem[] {
  return NAV_ITEMS.filter((item) => item.mobileRoles.includes(role));
}

/** Whether `href` is the current page or a page under it ("/" matches only itself). */
export function isActivePath(href: string, location: string): boolean {
  return href === '/' ? location === '/' : location === href || location.startsWith(`${href}/`);
}
