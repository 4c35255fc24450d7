import {
  type ConversationInfo,
  type ConversationSummary,
  type Message,
} from '@shared/schema/messages';

const AVERY = { username: 'avery', name: 'Avery Park', avatar: null };
const CASEY = { username: 'casey', name: 'Casey Consumer', avatar: null };

export function buildMessage(overrides: Partial<Message> = {}): Message {
  const fromMe = overrides.fromMe ?? false;
  const id = overrides.id ?? 1;
  return {
    id,
    clientId: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    fromMe,
    sender: fromMe ? CASEY : AVERY,
    text: 'Hello there',
    imageUrl: null,
    giftCard: null,
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    deleted: false,
    ...overrides,
  };
}

export function buildInfo(overrides: Partial<ConversationInfo> = {}): ConversationInfo {
  return { ...AVERY, canMessage: true, seenUpTo: null, ...overrides };
}

export function buildConversation(
  overrides: Partial<ConversationSummary> = {},
): ConversationSummary {
  const sentAt = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
  return {
    ...AVERY,
    lastMessage: {
      text: 'See you at the cafe',
      sentAt,
      fromMe: false,
      deleted: false,
      hasImage: false,
      hasGiftCard: false,
    },
    unreadCount: 0,
    canMessage: true,
    updatedAt: sentAt,
    ...overrides,
  };
}
