import { Fragment } from 'react';
import { Link } from 'wouter';
import { profilePath } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { splitMentions } from '../lib/mentions';

type PostContentProps = { text: string; className?: string };

/** Text as written (line breaks kept), with each @mention highlighted as a link to that profile. */
export function PostContent({ text, className }: PostContentProps) {
  return (
    <p className={cn('break-words whitespace-pre-wrap', className)}>
      {splitMentions(text).map((segment, index) =>
        segment.type === 'text' ? (
          <Fragment key={index}>{segment.text}</Fragment>
        ) : (
          <Link
            key={index}
            href={profilePath(segment.username)}
            className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
          >
            @{segment.username}
          </Link>
        ),
      )}
    </p>
  );
}
