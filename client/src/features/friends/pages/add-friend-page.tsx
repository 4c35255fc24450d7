import { ArrowLeft, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '@shared/constants';
import { useUserSearch } from '@/api/search-users';
import { ErrorAlert } from '@/components/ui/error-alert';
import { readErrorText } from '@/lib/api-client';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { paths } from '@/lib/paths';
import { FriendListSkeleton } from '../components/friend-list-skeleton';
import { UserSearchResultRow } from '../components/user-search-result-row';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { SEARCH_EMPTY, SEARCH_HINT } from '@shared/constants';

/** The search waits until typing has stopped for this long. */
export const ADD_FRIEND_SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_ERROR = 'Error searching for users. Please try again.';

/** /add-friend: find people by username or name and send them a friend request. */
export function AddFriendPage() {
  const inputId = useId();
  const statusId = useId();
  const [text, setText] = useState('');
  const query = text.trim();
  const debouncedQuery = useDebouncedValue(query, ADD_FRIEND_SEARCH_DEBOUNCE_MS);
  const search = useUserSearch({ query: debouncedQuery });

  const longEnough = query.length >= SEARCH_MIN_LENGTH;
  // What is on screen must answer what is in the box now, not an earlier query.
  const settled = longEnough && debouncedQuery === query;
  const results = settled && search.data ? search.data : [];

  let status: 'hint' | 'searching' | 'error' | 'empty' | null = null;
  if (!longEnough) status = 'hint';
  else if (!settled || search.isPending) status = 'searching';
  else if (search.isError) status = 'error';
  else if (results.length === 0) status = 'empty';

  return (
    <div className="mx-auto grid w-full max-w-2xl grid-cols-1 gap-6">
      <div className="flex items-center gap-2">
        <Link
          href={paths.friends}
          aria-label="Back to friends"
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-md hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Add Friend</h1>
      </div>

      <div className="grid gap-2">
        <Label htmlFor={inputId}>Search by username or name</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={inputId}
            type="search"
            className="pl-9"
            autoComplete="off"
            spellCheck={false}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder="e.g. jordan or Jordan Lee"
            aria-describedby={status === 'hint' || status === 'empty' ? statusId : undefined}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
      </div>

      <div aria-live="polite" className="grid gap-3">
        {status === 'hint' && (
          <p id={statusId} className="text-sm text-muted-foreground">
            {SEARCH_HINT}
          </p>
        )}
        {status === 'searching' && <FriendListSkeleton label="Searching" count={2} />}
        {status === 'error' && (
          <ErrorAlert
            message={readErrorText(search.error, SEARCH_ERROR)}
            onRetry={() => void search.refetch()}
            retrying={search.isFetching}
          />
        )}
        {status === 'empty' && (
          <p id={statusId} className="text-sm text-muted-foreground">
            {SEARCH_EMPTY}
          </p>
        )}
      </div>

      {results.length > 0 && (
        <ul aria-label="Search results" className="grid gap-3">
          {results.map((person) => (
            <UserSearchResultRow key={person.id} person={person} />
          ))}
        </ul>
      )}
    </div>
  );
}
