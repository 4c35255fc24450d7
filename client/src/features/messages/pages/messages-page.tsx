import { Ban } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { paths } from '@/lib/paths';
import { loadedConversations, useConversations } from '../api/get-conversations';
import { BlockedPeopleDialog } from '../components/blocked-people-dialog';
import { ConversationList, ConversationListSkeleton } from '../components/conversation-list';

export const CONVERSATIONS_LOAD_ERROR = 'Failed to load your messages. Please try again.';
export const NO_CONVERSATIONS = 'No messages yet. Start a conversation from your friends list.';

/** /messages: my conversations, newest activity first. */
export function MessagesPage() {
  const list = useConversations();
  const conversations = loadedConversations(list.data);
  const failed = list.isError && !list.isFetchNextPageError;
  const [blockedOpen, setBlockedOpen] = useState(false);

  return (
    <div className="mx-auto grid w-full max-w-2xl min-w-0 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Messages</h1>
        <Button type="button" variant="outline" size="sm" onClick={() => setBlockedOpen(true)}>
          <Ban aria-hidden="true" />
          Blocked people
        </Button>
      </div>
      <BlockedPeopleDialog open={blockedOpen} onOpenChange={setBlockedOpen} />
      {list.isPending ? (
        <ConversationListSkeleton />
      ) : failed ? (
        <ErrorAlert
          message={CONVERSATIONS_LOAD_ERROR}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : conversations.length === 0 ? (
        <Card>
          <CardContent className="grid justify-items-center gap-3 p-6 text-center text-muted-foreground">
            <p>{NO_CONVERSATIONS}</p>
            <Link href={paths.friends} className={buttonVariants({ variant: 'outline' })}>
              Go to Friends
            </Link>
          </CardContent>
        </Card>
      ) : (
        <>
          <ConversationList conversations={conversations} />
          {list.isFetchNextPageError && (
            <ErrorAlert
              message={CONVERSATIONS_LOAD_ERROR}
              onRetry={() => void list.fetchNextPage()}
              retrying={list.isFetchingNextPage}
            />
          )}
          {list.hasNextPage && !list.isFetchNextPageError && (
            <Button
              type="button"
              variant="outline"
              className="justify-self-center"
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
            >
              {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
