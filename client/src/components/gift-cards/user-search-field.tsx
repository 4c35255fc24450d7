import { useEffect, useId, useRef, useState } from 'react';
import { SEARCH_MAX_LENGTH } from '@shared/constants';
import { type UserSearchResult } from '@shared/schema/gift-cards';
import { searchUsersQueryOptions } from '@/api/search-users';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PersonCombobox, PersonLabel } from '@/components/ui/person-combobox';

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
 * Finds a user by name or username with the people combobox (a search 500 ms after the last
 * keystroke, from 2 characters on); the chosen user is shown instead, with 'Change'.
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
        <PersonLabel person={user} />
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
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  return (
    <PersonCombobox
      className="grid gap-2"
      query={text.trim()}
      searchOptions={(query) => searchUsersQueryOptions({ query, type })}
      delayMs={USER_SEARCH_DEBOUNCE_MS}
      errorText={USER_SEARCH_ERROR}
      listLabel={label}
      singleLine
      retryable
      onPick={(user) => {
        setText('');
        onPick(user);
      }}
      afterField={
        current && (
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
        )
      }
    >
      {(field) => (
        <>
          <Label htmlFor={inputId}>{label}</Label>
          <Input
            {...field}
            ref={inputRef}
            id={inputId}
            autoComplete="off"
            spellCheck={false}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder="Search by name or username"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </>
      )}
    </PersonCombobox>
  );
}
