import {
  AtSign,
  Bell,
  CalendarClock,
  CreditCard,
  Gift,
  HandCoins,
  Heart,
  type LucideIcon,
  MessageCircle,
  MessagesSquare,
  Target,
  UserCheck,
  UserPlus,
} from 'lucide-react';
import { type NotificationType } from '@shared/constants';
import { cn } from '@/lib/utils';
import { type NotificationKind } from '../lib/notification-display';

const ICON_BY_KIND: Record<NotificationKind, LucideIcon> = {
  friend_request: UserPlus,
  friend_accepted: UserCheck,
  gift_received: Gift,
  gift_request: HandCoins,
  lead_created: Target,
  gift_redeemed: CreditCard,
  system: Bell,
};

const TONE_BY_KIND: Record<NotificationKind, string> = {
  friend_request: 'bg-blue-100 text-blue-800',
  friend_accepted: 'bg-green-100 text-green-800',
  gift_received: 'bg-pink-100 text-pink-800',
  gift_request: 'bg-amber-100 text-amber-900',
  lead_created: 'bg-violet-100 text-violet-800',
  gift_redeemed: 'bg-emerald-100 text-emerald-800',
  system: 'bg-secondary text-secondary-foreground',
};

/** Kinds the page counts as system notifications that still deserve their own signs. */
const ICON_BY_TYPE: Partial<Record<NotificationType, LucideIcon>> = {
  post_mention: AtSign,
  post_liked: Heart,
  post_commented: MessageCircle,
  message_received: MessagesSquare,
  card_expiring: CalendarClock,
  card_expired: CalendarClock,
};

type NotificationIconProps = { kind: NotificationKind; type: NotificationType };

/** The kind's icon in a tinted circle; decorative, the message says what happened. */
export function NotificationIcon({ kind, type }: NotificationIconProps) {
  const Icon = ICON_BY_TYPE[type] ?? ICON_BY_KIND[kind];
  return (
    <span
      aria-hidden="true"
      data-kind={kind}
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-full',
        TONE_BY_KIND[kind],
      )}
    >
      <Icon className="size-5" />
    </span>
  );
}
