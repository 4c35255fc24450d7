import { BadgeCheck, MessageCircle, Pin, Trophy } from 'lucide-react';
import { Link } from 'wouter';
import { type Post } from '@shared/schema/posts';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { profilePath } from '@/lib/paths';
import { useUploadedImage } from '@/lib/uploaded-image';
import { cn } from '@/lib/utils';
import { LikeButton } from './like-button';
import { PostComments } from './post-comments';
import { PostContent } from './post-content';
import { PostMenu } from './post-menu';
import { PostTime } from './post-time';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

type PostCardProps = { post: Post; isOwn: boolean };

/** How wide a post's image is shown: the feed's column (42rem) less the card's padding. */
const IMAGE_SHOWN_WIDTH = '(min-width: 44rem) 630px, calc(100vw - 4rem)';
/** Below the `sm` breakpoint a phone always takes the small variant, whatever its pixel density. */
const PHONE = '(max-width: 39.99rem)';

/** A post's image: the small variant on phones and wherever it is enough, the large one beyond. */
function PostImage({ url, alt }: { url: string; alt: string }) {
  const { sources, onError } = useUploadedImage(url, 'post', IMAGE_SHOWN_WIDTH);
  if (!sources) return null;
  return (
    <picture>
      {sources.small && <source media={PHONE} srcSet={sources.small} />}
      <img
        src={sources.src}
        srcSet={sources.srcSet}
        sizes={sources.sizes}
        alt={alt}
        loading="lazy"
        decoding="async"
        className="max-h-[28rem] w-full rounded-md border bg-muted object-contain"
        onError={onError}
      />
    </picture>
  );
}

/**
 * One Pin Board post: author, time, text with highlighted @mentions, image, likes and comments.
 * Leaderboard posts get their own look; only the author sees the pin and delete actions.
 */
export function PostCard({ post, isOwn }: PostCardProps) {
  const { user } = post;

  return (
    <Card
      role="article"
      aria-label={`Post by ${user.name}`}
      className={cn(
        'grid min-w-0 gap-3 p-4 sm:p-5',
        post.isLeaderboardPost && 'border-amber-300 border-l-4 border-l-amber-500 bg-amber-50/50',
      )}
    >
      <header className="flex items-start gap-3">
        <Avatar name={user.name} picture={user.profilePicture} decorative />
        <div className="grid min-w-0 flex-1">
          <div className="flex min-w-0 flex-wrap items-center gap-x-1.5">
            <Link
              href={profilePath(user.username)}
              className="rounded-sm font-semibold break-all hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
            >
              {user.name}
            </Link>
            {user.verified && (
              <BadgeCheck
                role="img"
                aria-label="Verified"
                className="size-4 shrink-0 fill-primary text-primary-foreground"
              />
            )}
          </div>
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
            <span className="break-all">@{user.username}</span>
            <span aria-hidden="true">·</span>
            <PostTime date={post.createdAt} />
          </div>
        </div>
        {isOwn && <PostMenu post={post} />}
      </header>

      {(post.isPinned || post.isLeaderboardPost) && (
        <div className="flex flex-wrap gap-2">
          {post.isPinned && (
            <Badge variant="secondary" className="gap-1">
              <Pin aria-hidden="true" className="size-3" />
              Pinned
            </Badge>
          )}
          {post.isLeaderboardPost && (
            <Badge variant="warning" className="gap-1">
              <Trophy aria-hidden="true" className="size-3" />
              Leaderboard
            </Badge>
          )}
        </div>
      )}

      <PostContent text={post.content} className={cn(post.isLeaderboardPost && 'font-medium')} />

      {post.attachmentUrl && post.attachmentType === 'image' && (
        <PostImage url={post.attachmentUrl} alt={`Image shared by ${user.name}`} />
      )}

      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-1">
          <LikeButton post={post} />
          <span className="inline-flex items-center gap-1 px-2 text-sm text-muted-foreground">
            <MessageCircle aria-hidden="true" className="size-4" />
            {count(post.commentCount, 'comment', 'comments')}
          </span>
        </div>
        <span className="text-sm text-muted-foreground">{count(post.likes, 'like', 'likes')}</span>
      </div>

      <PostComments post={post} />
    </Card>
  );
}
