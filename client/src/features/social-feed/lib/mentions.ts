/**
 * @-mentions: a mention starts at '@' at the start of the text or right after a space or
 * newline, and its name is the run of letters, digits and underscores that follows (it ends at a
 * space, or at anything else a name cannot hold).
 */
const NAME_CHARACTER = /[A-Za-z0-9_]/;
const MENTION_PATTERN = /(^|[ \n])@([A-Za-z0-9_]+)/g;

const isNameCharacter = (character: string | undefined) =>
  character !== undefined && NAME_CHARACTER.test(character);

/** '@' may start a mention only at the start of the text or after a space or newline. */
const canStartMention = (text: string, at: number) =>
  text[at] === '@' && (at === 0 || text[at - 1] === ' ' || text[at - 1] === '\n');

export type Mention = {
  /** Without the '@'. */
  username: string;
  /** Index of the '@'. */
  start: number;
  /** Index just after the name. */
  end: number;
};

/** Every mention in the text, in order. */
export function parseMentions(text: string): Mention[] {
  const mentions: Mention[] = [];
  for (const match of text.matchAll(MENTION_PATTERN)) {
    const start = match.index + match[1]!.length;
    const username = match[2]!;
    mentions.push({ username, start, end: start + 1 + username.length });
  }
  return mentions;
}

/** The usernames mentioned in the text, each once (compared case-insensitively), in order. */
export function mentionedUsernames(text: string): string[] {
  const seen = new Set<string>();
  const usernames: string[] = [];
  for (const { username } of parseMentions(text)) {
    const key = username.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    usernames.push(username);
  }
  return usernames;
}

export type ContentSegment = { type: 'text'; text: string } | { type: 'mention'; username: string };

/** The text cut into plain runs and mentions, for highlighting. */
export function splitMentions(text: string): ContentSegment[] {
  const segments: ContentSegment[] = [];
  let position = 0;
  for (const mention of parseMentions(text)) {
    if (mention.start > position) {
      segments.push({ type: 'text', text: text.slice(position, mention.start) });
    }
    segments.push({ type: 'mention', username: mention.username });
    position = mention.end;
  }
  if (position < text.length) segments.push({ type: 'text', text: text.slice(position) });
  return segments;
}

export type ActiveMention = {
  /** Index of the '@'. */
  start: number;
  /** Index just after the whole name (the caret may sit inside it). */
  end: number;
  /** The name typed so far, up to the caret. */
  query: string;
};

/**
 * The mention the caret is in, if any: the '@' before the caret that may start a mention, with
 * only name characters between it and the caret. A space (or anything a name cannot hold) ends
 * the mention, so no suggestion is offered after it.
 */
export function findActiveMention(text: string, caret: number): ActiveMention | null {
  let at = caret - 1;
  while (at >= 0 && isNameCharacter(text[at])) at -= 1;
  if (at < 0 || !canStartMention(text, at)) return null;

  let end = caret;
  while (isNameCharacter(text[end])) end += 1;
  return { start: at, end, query: text.slice(at + 1, caret) };
}

/**
 * Replaces the active mention with '@username ' and says where the caret goes: just after the
 * inserted space. A space that already followed the mention is not doubled.
 */
export function insertMention(
  text: string,
  mention: Pick<ActiveMention, 'start' | 'end'>,
  username: string,
): { text: string; caret: number } {
  const before = text.slice(0, mention.start);
  const rest = text.slice(mention.end);
  const inserted = `@${username} `;
  const after = rest.startsWith(' ') ? rest.slice(1) : rest;
  return { text: before + inserted + after, caret: before.length + inserted.length };
}
