import { sql } from 'drizzle-orm';
import { type FeedPage } from '@shared/schema/posts';
import { type Database } from '../../db/client';
import { queryRows } from '../../db/query-rows';
import { AppError } from '../../lib/errors';
import { loadPosts } from './load-posts';

const CURSOR_MESSAGE = 'cursor is not valid';

type Position = { pinned: boolean; micros: string; id: number };

/** The cursor is the last post's place in the order: pinned flag, exact timestamp, id. */
function encodeCursor(position: Position): string {
  return Buffer.from(
    `${position.pinned ? 1 : 0}.${position.micros}.${position.id}`,
    'utf8',
  ).toString('base64url');
}

function decodeCursor(cursor: string): Position {
  const match = /^([01])\.(\d{1,20})\.(\d{1,10})$/.exec(
    Buffer.from(cursor, 'base64url').toString('utf8'),
  );
  if (!match)
    throw new AppError('VALIDATION', CURSOR_MESSAGE, { errors: { cursor: CURSOR_MESSAGE } });
  return { pinned: match[1] === '1', micros: match[2]!, id: Number(match[3]) };
}

type PositionRow = { id: number; is_pinned: boolean; micros: string };

/**
 * The Pin Board, pinned posts first and then newest first, a page at a time. Keyset pagination
 * (the position after the cursor) keeps pages stable while people post.
 */
export async function listFeed(
  db: Database,
  viewerId: number,
  { cursor, limit }: { cursor?: string | undefined; limit: number },
): Promise<FeedPage> {
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = await queryRows<PositionRow>(
    db,
    sql`select id, is_pinned,
          ((extract(epoch from created_at) * 1000000)::bigint)::text as micros
        from posts
        ${
          after
            ? sql`where (is_pinned, created_at, id) < (${after.pinned}, timestamptz 'epoch' + ${after.micros}::bigint * interval '1 microsecond', ${after.id})`
            : sql``
        }
        order by is_pinned desc, created_at desc, id desc
        limit ${limit + 1}`,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const items = await loadPosts(
    db,
    page.map((row) => Number(row.id)),
    viewerId,
  );
  return {
    items,
    nextCursor:
      rows.length > limit && last
        ? encodeCursor({ pinned: last.is_pinned, micros: last.micros, id: Number(last.id) })
        : null,
  };
}
