import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  SEARCH_EMPTY,
  SEARCH_HINT,
  SEARCH_MIN_LENGTH,
  type UserSearchResult,
} from '@shared/schema/gift-cards';
import { useUserSearch } from '@/api/search-users';
import { Button } from '@/components/ui/button';
import { readErrorText } from '@/lib/api-client';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** Searches wait until the user has stopped typing for this long. */
export const USER_SEARCH_DEBOUNCE_MS = 500;
export const USER_SEARCH_ERROR = 'Error searching for users. Please try again.';

/** What the field needs to show a chosen user; a full search result fits. */
export type SelectedUser = Pick<UserSearchResult, 'name' | 'username'> &
  Partial<Pick<UserSearchResult, 'profilePicture'>>;

type UserSearchFieldProps = {
  label: string;
  onSelect: (user: UserSearchResult) => void;
  /** The chosen user: shown instead of the search, with a 'Change' button. */
  selected?: SelectedUser | null;
  type?: 'consumer';
};

/**
 * Finds a user by name or username: a combobox (arrow keys and Enter, or click) over the results
 * of a search that runs 500 ms after the last keystroke and only from 2 characters on.
 */
export function UserSearchField({ label, onSelect, selected, type }: UserSearchFieldProps) {
  const [changing, setChanging] = useState(false);

  if (selected && !changing) {
    return <ChosenUser label={label} user={selected} onChange={() => setChanging(true)} />;
  }

  return (
    <UserSearchBox
      label={label}
      type={type}
      // After 'Change' the user asked to search: put them straight into the box.
      autoFocus={changing}
      // Until someone else is picked, the earlier choice stands: say so, and let them keep it.
      current={selected && changing ? selected : null}
      onKeep={() => setChanging(false)}
      onPick={(user) => {
        setChanging(false);
        onSelect(user);
      }}
    />
  );
}

function ChosenUser({
  label,
  user,
  onChange,
}: {
  label: string;
  user: SelectedUser;
  onChange: () => void;
}) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="grid gap-2">
      <p id={labelId} className="text-sm leading-none font-medium">
        {label}
      </p>
      <div className="flex items-center gap-3 rounded-md border bg-muted/40 p-3">
        <UserAvatar name={user.name} picture={user.profilePicture ?? null} />
        <UserNames name={user.name} username={user.username} />
        <Button type="button" variant="outline" size="sm" className="ml-auto" onClick={onChange}>
          Change
        </Button>
      </div>
    </div>
  );
}

type UserSearchBoxProps = {
  label: string;
  type?: 'consumer';
  autoFocus: boolean;
  current: SelectedUser | null;
  onKeep: () => void;
  onPick: (user: UserSearchResult) => void;
};

function UserSearchBox({ label, type, autoFocus, current, onKeep, onPick }: UserSearchBoxProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const statusId = `${id}-status`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [active, setActive] = useState(-1);

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  const query = text.trim();
  const debouncedQuery = useDebouncedValue(query, USER_SEARCH_DEBOUNCE_MS);
  const search = useUserSearch({ query: debouncedQuery, type });

  const longEnough = query.length >= SEARCH_MIN_LENGTH;
  // The answer on screen must be for what is in the box now, not for an earlier query.
  const settled = longEnough && debouncedQuery === query;
  const results = settled && search.data ? search.data : [];
  const activeIndex = active < results.length ? active : -1;
  const expanded = results.length > 0;

  const pick = (user: UserSearchResult) => {
    setText('');
    setActive(-1);
    onPick(user);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && expanded) {
      event.preventDefault();
      setActive((activeIndex + 1) % results.length);
    } else if (event.key === 'ArrowUp' && expanded) {
      event.preventDefault();
      setActive(activeIndex <= 0 ? results.length - 1 : activeIndex - 1);
    } else if (event.key === 'Enter') {
      // Enter chooses from the list; it never submits the surrounding form.
      event.preventDefault();
      const user =
        activeIndex >= 0 ? results[activeIndex] : results.length === 1 ? results[0] : null;
      if (user) pick(user);
    }
  };

  let status: { text: string; error?: boolean } | null = null;
  if (!longEnough) status = { text: SEARCH_HINT };
  else if (!settled || search.isPending) status = { text: 'Searching...' };
  else if (search.isError)
    status = { text: readErrorText(search.error, USER_SEARCH_ERROR), error: true };
  else if (results.length === 0) status = { text: SEARCH_EMPTY };

  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        ref={inputRef}
        id={inputId}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        aria-describedby={status ? statusId : undefined}
        autoComplete="off"
        spellCheck={false}
        maxLength={60}
        placeholder="Search by name or username"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
      />
      {current && (
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <span>
            Currently {current.name} (@{current.username})
          </span>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={`Keep ${current.name}`}
            onClick={onKeep}
          >
            Keep
          </Button>
        </div>
      )}
      <div aria-live="polite" className="min-h-5">
        {status && (
          <div className="flex flex-wrap items-center gap-2">
            <p
              id={statusId}
              className={cn('text-sm', status.error ? 'text-destructive' : 'text-muted-foreground')}
            >
              {status.text}
            </p>
            {status.error && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => void search.refetch()}
                disabled={search.isFetching}
              >
                Try again
              </Button>
            )}
          </div>
        )}
      </div>
      {expanded && (
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          className="grid max-h-60 gap-1 overflow-y-auto rounded-md border bg-card p-1"
        >
          {results.map((user, index) => (
            <li
              key={user.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-sm px-2 py-2 hover:bg-accent',
                index === activeIndex && 'bg-accent text-accent-foreground',
              )}
              // Keep the focus in the box, so the keyboard and the list stay in step.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => pick(user)}
            >
              <UserAvatar name={user.name} picture={user.profilePicture} />
              <UserNames name={user.name} username={user.username} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function UserNames({ name, username }: { name: string; username: string }) {
  return (
    <span className="grid min-w-0">
      <span className="truncate font-medium">{name}</span>
      <span className="truncate text-sm text-muted-foreground">@{username}</span>
    </span>
  );
}

function UserAvatar({ name, picture }: { name: string; picture: string | null }) {
  if (picture) {
    return (
      <img
        src={picture}
        alt=""
        loading="lazy"
        decoding="async"
        className="size-8 shrink-0 rounded-full object-cover"
      />
    );
  }
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
  return (
    <span
      aria-hidden="true"
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold text-muted-foreground"
    >
      {initials || '?'}
    </span>
  );
}
