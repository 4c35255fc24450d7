import { describe, expect, it } from 'vitest';
import {
  emptyListMessage,
  isActionable,
  notificationAction,
  notificationKind,
  notificationMessage,
  toNotificationDisplay,
  unreadLine,
} from '../lib/notification-display';
import { buildNotification } from './notification-fixtures';

describe('notificationKind', () => {
  it.each([
    ['friend_request_received', 'friend_request'],
    ['gift_request_received', 'gift_request'],
    ['gift_received', 'gift_received'],
    ['friend_request_accepted', 'friend_accepted'],
    ['lead_created', 'lead_created'],
    ['gift_redeemed', 'gift_redeemed'],
    ['system', 'system'],
    ['post_mention', 'system'],
    ['post_liked', 'system'],
    ['post_commented', 'system'],
    ['something_new', 'system'],
    [null, 'system'],
  ])('maps %s to %s', (type, kind) => {
    expect(notificationKind(type)).toBe(kind);
  });
});

describe('isActionable', () => {
  it('is true for friend requests, gift requests and gifts received only', () => {
    expect(isActionable('friend_request')).toBe(true);
    expect(isActionable('gift_request')).toBe(true);
    expect(isActionable('gift_received')).toBe(true);
    expect(isActionable('friend_accepted')).toBe(false);
    expect(isActionable('lead_created')).toBe(false);
    expect(isActionable('gift_redeemed')).toBe(false);
    expect(isActionable('system')).toBe(false);
  });
});

describe('notificationMessage', () => {
  it("keeps the server's text", () => {
    expect(
      notificationMessage({
        type: 'lead_created',
        message: 'Dana claimed your Starbucks pin',
        senderName: 'Dana',
        amount: null,
      }),
    ).toBe('Dana claimed your Starbucks pin');
  });

  it("falls back to the spec's templates, with 'Someone' for a missing sender", () => {
    const base = { message: '', amount: null };
    expect(
      notificationMessage({ ...base, type: 'friend_request_received', senderName: 'Alex' }),
    ).toBe('Alex sent you a friend request');
    expect(notificationMessage({ ...base, type: 'friend_request_received', senderName: '' })).toBe(
      'Someone sent you a friend request',
    );
    expect(
      notificationMessage({ ...base, type: 'friend_request_accepted', senderName: '  ' }),
    ).toBe('Someone accepted your friend request');
    expect(notificationMessage({ ...base, type: 'gift_request_received', senderName: 'Bo' })).toBe(
      'Bo requested a gift card',
    );
    expect(
      notificationMessage({ type: 'gift_received', message: '', senderName: 'Bo', amount: 25 }),
    ).toBe('You received a $25.00 gift card from Bo');
  });

  it("says 'New notification' when there is no text and no template", () => {
    expect(
      notificationMessage({ type: 'system', message: '   ', senderName: 'Bo', amount: null }),
    ).toBe('New notification');
    expect(
      notificationMessage({ type: 'lead_created', message: '', senderName: 'Bo', amount: null }),
    ).toBe('New notification');
  });
});

describe('notificationAction', () => {
  const action = (overrides: Parameters<typeof buildNotification>[0]) =>
    notificationAction(buildNotification(overrides));

  it('answers a friend request by its friendship', () => {
    expect(
      action({
        id: 1,
        type: 'friend_request_received',
        referenceType: 'friendship',
        referenceId: 44,
      }),
    ).toEqual({ type: 'respond', friendshipId: 44 });
  });

  it('links every other kind to what it is about', () => {
    expect(
      action({ id: 1, type: 'gift_received', referenceType: 'gift_card', referenceId: 9 }),
    ).toEqual({ type: 'link', label: 'View Gift Card', href: '/wallet?card=9' });
    expect(action({ id: 1, type: 'gift_request_received' })).toEqual({
      type: 'link',
      label: 'Send Gift',
      href: '/wallet',
    });
    expect(action({ id: 1, type: 'lead_created', referenceType: 'lead', referenceId: 3 })).toEqual({
      type: 'link',
      label: 'View Lead',
      href: '/leads?lead=3',
    });
    expect(action({ id: 1, type: 'gift_redeemed' })).toEqual({
      type: 'link',
      label: 'View Details',
      href: '/wallet',
    });
    expect(action({ id: 1, type: 'post_mention', referenceType: 'post', referenceId: 5 })).toEqual({
      type: 'link',
      label: 'View Post',
      href: '/social-feed',
    });
    for (const type of ['post_liked', 'post_commented'] as const) {
      expect(action({ id: 1, type, referenceType: 'post', referenceId: 5 })).toEqual({
        type: 'link',
        label: 'View Post',
        href: '/social-feed',
      });
    }
    // A message opens the conversation with its sender, the list when the sender is gone.
    expect(
      action({
        id: 1,
        type: 'message_received',
        referenceType: 'profile',
        referenceId: 8,
        senderUsername: 'ava',
      }),
    ).toEqual({ type: 'link', label: 'View Message', href: '/messages/ava' });
    expect(
      action({
        id: 1,
        type: 'message_received',
        referenceType: 'profile',
        referenceId: 8,
        senderUsername: null,
      }),
    ).toEqual({ type: 'link', label: 'View Message', href: '/messages' });
    expect(action({ id: 1, type: 'system', referenceType: 'profile', referenceId: 1 })).toEqual({
      type: 'link',
      label: 'Complete Profile',
      href: '/settings',
    });
  });

  it('opens the expiring card in the wallet', () => {
    expect(
      action({ id: 1, type: 'card_expiring', referenceType: 'gift_card', referenceId: 12 }),
    ).toEqual({ type: 'link', label: 'View Gift Card', href: '/wallet?card=12' });
    expect(action({ id: 1, type: 'card_expiring' })).toEqual({
      type: 'link',
      label: 'View Gift Card',
      href: '/wallet',
    });
  });

  it('opens the wallet at an expired card: reissued for its holder, refunded for its business', () => {
    expect(
      action({ id: 1, type: 'card_expired', referenceType: 'gift_card', referenceId: 12 }),
    ).toEqual({ type: 'link', label: 'View Wallet', href: '/wallet?card=12' });
  });

  it('has no action for an accepted friend request', () => {
    expect(action({ id: 1, type: 'friend_request_accepted' })).toBeNull();
  });
});

describe('toNotificationDisplay', () => {
  it('builds the displayed notification', () => {
    const now = Date.parse('2025-06-01T12:00:00Z');
    expect(
      toNotificationDisplay(
        buildNotification({
          id: 7,
          type: 'gift_received',
          message: 'You received a $10.00 gift card from Alex Adams',
          amount: 10,
          senderAvatar: '/uploads/alex.png',
          createdAt: '2025-06-01T11:55:00Z',
          read: false,
          referenceType: 'gift_card',
          referenceId: 12,
        }),
        now,
      ),
    ).toEqual({
      id: 7,
      type: 'gift_received',
      kind: 'gift_received',
      message: 'You received a $10.00 gift card from Alex Adams',
      createdAt: '2025-06-01T11:55:00Z',
      relativeTime: '5 minutes ago',
      read: false,
      actionable: true,
      actor: { name: 'Alex Adams', avatar: '/uploads/alex.png' },
      action: { type: 'link', label: 'View Gift Card', href: '/wallet?card=12' },
    });
  });

  it("defaults the actor to 'Someone' and a missing date to now", () => {
    const display = toNotificationDisplay(
      buildNotification({ id: 1, type: 'friend_request_accepted', senderName: '', createdAt: '' }),
    );
    expect(display.actor).toEqual({ name: 'Someone', avatar: null });
    expect(display.relativeTime).toBe('0 seconds ago');
    expect(display.actionable).toBe(false);
  });
});

describe('texts', () => {
  it('counts unread notifications in the spec’s words', () => {
    expect(unreadLine(1)).toBe('You have 1 unread notification(s)');
    expect(unreadLine(0)).toBe('You have 0 unread notification(s)');
  });

  it('says the spec’s empty line for all notifications', () => {
    expect(emptyListMessage('all')).toBe("You don't have any notifications yet.");
    expect(emptyListMessage('unread')).toBe('No unread notifications.');
  });
});
