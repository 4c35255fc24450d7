import { type SQL, sql } from 'drizzle-orm';
import { type ConversationSummary } from '@shared/schema/messages';
import { type Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { sqlInteger } from '../../db/sql-literals';
import { type Page } from '../../lib/list-answer';

type Row = {
  username: string;
  name: string;
  avatar: string | null;
  updated_at: Date | string;
  last_text: string | null;
  last_sent_at: Date | string | null;
  last_from_me: boolean | null;
  last_deleted: boolean | null;
  last_has_image: boolean | null;
  last_has_gift: boolean | null;
  unread_count: number | string;
  can_message: boolean;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/** Messages of `me` not yet read in each of my conversations (theirs, not deleted). */
const unreadOf = (me: SQL) => sql`(
  select count(*) from messages unread
  where unread.conversation_id = mine.conversation_id
    and unread.id > mine.last_read_message_id
    and unread.sender_id <> ${me}
    and unread.deleted_at is null)`;

/** A page's row: the total, with a conversation, or with nulls past the last page. */
type PageRow = { total: number | string } & (Row | { [Column in keyof Row]: null });

/**
 * One page of my conversations, newest activity first, each with its last message and unread
 * count, and how many I have in all (one row with no conversation past the last page): one
 * statement, prepared per page size, since planning it cost about as much as running it.
 */
const conversationsPage = preparedQuery<PageRow, string>('conversations_page', (limit) => {
  const me = sql`${sql.placeholder('me')}::int`;
  return sql`select counted.total, page.*
        from (select count(*) as total from conversation_participants mine
              join users other on other.id = mine.other_user_id and other.deleted_at is null
              where mine.user_id = ${me}) counted
        left join lateral (
          select other.username, other.name, other.profile_picture as avatar,
            mine.last_activity_at as updated_at,
            last.text as last_text, last.created_at as last_sent_at,
            last.sender_id = ${me} as last_from_me,
            last.deleted_at is not null as last_deleted,
            last.image_url is not null as last_has_image,
            last.gift_card_id is not null as last_has_gift,
            ${unreadOf(me)} as unread_count,
            (exists (select 1 from friendships f
                where f.status = 'accepted'
                  and ((f.requester_id = ${me} and f.addressee_id = other.id)
                    or (f.requester_id = other.id and f.addressee_id = ${me})))
             and not exists (select 1 from blocks b
                where (b.blocker_id = ${me} and b.blocked_id = other.id)
                   or (b.blocker_id = other.id and b.blocked_id = ${me}))) as can_message
          from conversation_participants mine
          join users other on other.id = mine.other_user_id and other.deleted_at is null
          left join lateral (
            select m.text, m.created_at, m.sender_id, m.deleted_at, m.image_url, m.gift_card_id
            from messages m where m.conversation_id = mine.conversation_id
            order by m.id desc limit 1
          ) last on true
          where mine.user_id = ${me}
          order by mine.last_activity_at desc, mine.conversation_id desc
          limit ${sqlInteger(Number(limit))} offset ${sql.placeholder('offset')}
        ) page on true`;
});

/** My conversations, newest activity first, each with its last message and unread count. */
export async function listConversations(
  db: Executor,
  me: number,
  { page, limit }: { page: number; limit: number },
): Promise<Page<ConversationSummary>> {
  const found = await conversationsPage(db, String(limit), { me, offset: (page - 1) * limit });
  const rows = found.filter((row): row is PageRow & Row => row.username !== null);
  return {
    items: rows.map((row) => ({
      username: row.username,
      name: row.name,
      avatar: row.avatar,
      lastMessage:
        row.last_sent_at === null
          ? null
          : {
              text: row.last_deleted ? '' : (row.last_text ?? '').split('\n')[0]!.trim(),
              sentAt: iso(row.last_sent_at),
              fromMe: row.last_from_me === true,
              deleted: row.last_deleted === true,
              hasImage: row.last_deleted !== true && row.last_has_image === true,
              hasGiftCard: row.last_has_gift === true,
            },
      unreadCount: Number(row.unread_count),
      canMessage: row.can_message,
      updatedAt: iso(row.updated_at),
    })),
    page,
    limit,
    total: Number(found[0]?.total ?? 0),
  };
}

/** Unread messages across all my conversations (prepared: the messages badge asks often). */
const unreadMessages = preparedQuery<{ count: number | string }>('messages_unread', () => {
  const me = sql`${sql.placeholder('me')}::int`;
  return sql`select coalesce(sum(${unreadOf(me)}), 0) as count
      from conversation_participants mine
      join users other on other.id = mine.other_user_id and other.deleted_at is null
      where mine.user_id = ${me}`;
});

/** Unread messages across all my conversations. */
export async function countUnreadMessages(db: Executor, me: number): Promise<number> {
  const [row] = await unreadMessages(db, 'all', { me });
  return Number(row?.count ?? 0);
}
