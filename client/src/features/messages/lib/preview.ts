import { type ConversationSummary } from '@shared/schema/messages';

/** The line under a conversation's name: its last message's first line, or what it was. */
export function lastMessagePreview(last: ConversationSummary['lastMessage']): string {
  if (!last) return 'No messages yet';
  const prefix = last.fromMe ? 'You: ' : '';
  if (last.deleted) return `${prefix}Message deleted`;
  const firstLine = last.text.split('\n')[0]?.trim() ?? '';
  if (firstLine) return `${prefix}${firstLine}`;
  if (last.hasGiftCard) return `${prefix}Sent a gift card`;
  if (last.hasImage) return `${prefix}Sent an image`;
  return prefix ? 'You sent a message' : 'Sent a message';
}
