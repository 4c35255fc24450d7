import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { SEARCH_EMPTY, SEARCH_HINT, SEARCH_MIN_LENGTH } from '@shared/constants';
import { readErrorText } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';
import { Avatar } from './avatar';
import { ErrorAlert } from './error-alert';

export type ComboboxPerson = {
  id: number;
  name: string;
  username: string;
  profilePicture?: string | null;
};

/** A person's avatar, name and @username on one row: an option, or the person chosen. */
export function PersonLabel({ person }: { person: Omit<ComboboxPerson, 'id'> }) {
  return (
    <>
      <Avatar name={person.name} picture={person.profilePicture} size="sm" decorative />
      <span className="grid min-w-0">
        <span className="truncate font-medium">{person.name}</span>
        <span className="truncate text-sm text-muted-foreground">@{person.username}</span>
      </span>
    </>
  );
}

/** What the text field needs to act as the combobox: its ARIA state and its key handling. */
export type ComboboxFieldProps = {
  role?: 'combobox';
  'aria-autocomplete': 'list';
  'aria-expanded'?: boolean;
  'aria-controls'?: string;
  'aria-activedescendant'?: string;
  'aria-describedby'?: string;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
};

type PersonComboboxProps<Person extends ComboboxPerson, Key extends QueryKey> = {
  /** The text to search for now; null while nothing is being looked for (no status is shown). */
  query: string | null;
  /** The search for a query: it runs once typing has paused for `delayMs`. */
  searchOptions: (query: string) => UseQueryOptions<Person[], Error, Person[], Key>;
  delayMs: number;
  /** Said when the search fails and the server gave no message. */
  errorText: string;
  /** The list's accessible name. */
  listLabel: string;
  onPick: (person: Person) => void;
  /** Escape closed the list. */
  onDismiss?: () => void;
  /** Every answer of the search, as it arrives. */
  onResults?: (people: Person[]) => void;
  /**
   * A one-line input: it takes the combobox role, and Enter never submits the surrounding form.
   * A textarea keeps its textbox role (and Enter its new line while the list is closed).
   */
  singleLine?: boolean;
  /**
   * The first option is active as soon as the list opens, so Enter picks it. Otherwise none is
   * until an arrow key moves there, and Enter picks only a sole result.
   */
  activateFirst?: boolean;
  /** Tab picks the active option, as Enter does. */
  pickOnTab?: boolean;
  /** A failed search offers 'Try again' (only where focus may leave the field). */
  retryable?: boolean;
  /** The list floats over what follows instead of pushing it down. */
  floating?: boolean;
  className?: string;
  /** The text field, given the props that make it the combobox. */
  children: (field: ComboboxFieldProps) => ReactNode;
  /** Shown between the field and the search status. */
  afterField?: ReactNode;
};

/**
 * Finds a person as they type: the search runs once typing has paused and only from 2
 * characters on, its answer is a listbox under the field, arrow keys move through the options
 * (the focus stays in the field, the active option is its aria-activedescendant), Enter (or a
 * click) picks one, and Escape closes the list. The status line says what is going on.
 */
export function PersonCombobox<Person extends ComboboxPerson, Key extends QueryKey>({
  query,
  searchOptions,
  delayMs,
  errorText,
  listLabel,
  onPick,
  onDismiss,
  onResults,
  singleLine = false,
  activateFirst = false,
  pickOnTab = false,
  retryable = false,
  floating = false,
  className,
  children,
  afterField,
}: PersonComboboxProps<Person, Key>) {
  const id = useId();
  const listId = `${id}-list`;
  const statusId = `${id}-status`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [active, setActive] = useState({ query: '', index: -1 });
  const [dismissedQuery, setDismissedQuery] = useState<string | null>(null);

  const text = query ?? '';
  // Escape closes the list for the text it answered; typing on (or a new search) opens it again.
  if (dismissedQuery !== null && (query === null || dismissedQuery !== text)) {
    setDismissedQuery(null);
  }
  const longEnough = text.length >= SEARCH_MIN_LENGTH;
  const debouncedQuery = useDebouncedValue(longEnough ? text : '', delayMs);
  const search = useQuery(searchOptions(debouncedQuery));

  useEffect(() => {
    if (search.data && search.data.length > 0) onResults?.(search.data);
  }, [search.data, onResults]);

  // The answer on screen must be for what is typed now, not for an earlier query.
  const settled = query !== null && longEnough && debouncedQuery === text;
  const results = settled && search.data ? search.data : [];
  const open = results.length > 0 && dismissedQuery !== text;
  const firstIndex = activateFirst ? 0 : -1;
  const activeIndex =
    active.query === text && active.index < results.length ? active.index : firstIndex;

  const pick = (person: Person) => {
    setActive({ query: '', index: -1 });
    onPick(person);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && singleLine) {
      // Enter chooses from the list; it never submits the surrounding form.
      event.preventDefault();
    }
    if (!open) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive({ query: text, index: (activeIndex + 1) % results.length });
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive({ query: text, index: activeIndex <= 0 ? results.length - 1 : activeIndex - 1 });
    } else if (event.key === 'Enter' || (event.key === 'Tab' && pickOnTab)) {
      const person =
        activeIndex >= 0 ? results[activeIndex] : results.length === 1 ? results[0] : undefined;
      if (person) {
        event.preventDefault();
        pick(person);
      }
    } else if (event.key === 'Escape') {
      // Only the list closes: a surrounding dialog leaves Escape to a field whose list is open
      // (components/ui/dialog.tsx), and no other ancestor hears it.
      event.preventDefault();
      event.stopPropagation();
      setDismissedQuery(text);
      onDismiss?.();
    }
  };

  let status: { text: string; error?: boolean } | null = null;
  if (query !== null) {
    if (!longEnough) status = { text: SEARCH_HINT };
    else if (!settled || search.isPending) status = { text: 'Searching...' };
    else if (search.isError) status = { text: readErrorText(search.error, errorText), error: true };
    else if (results.length === 0) status = { text: SEARCH_EMPTY };
  }

  const field: ComboboxFieldProps = {
    role: singleLine ? 'combobox' : undefined,
    'aria-autocomplete': 'list',
    'aria-expanded': singleLine ? open : undefined,
    'aria-controls': open ? listId : undefined,
    'aria-activedescendant': open && activeIndex >= 0 ? optionId(activeIndex) : undefined,
    'aria-describedby': status ? statusId : undefined,
    onKeyDown,
  };

  return (
    <div className={cn(floating && 'relative', className)}>
      {children(field)}
      {afterField}

      {/* Present only while something is being looked for: a permanent live region would also be
          kept visible by every modal dialog on the page (they spare live regions when hiding). */}
      {query !== null && (
        <div aria-live="polite" className={cn(!floating && 'min-h-5')}>
          {status?.error ? (
            <ErrorAlert
              message={status.text}
              messageId={statusId}
              onRetry={retryable ? () => void search.refetch() : undefined}
              retrying={search.isFetching}
              className={cn(floating && 'mt-1')}
            />
          ) : (
            status && (
              <p id={statusId} className={cn('text-sm text-muted-foreground', floating && 'mt-1')}>
                {status.text}
              </p>
            )
          )}
          <span className="sr-only">
            {open ? `${results.length} ${results.length === 1 ? 'person' : 'people'} found` : ''}
          </span>
        </div>
      )}

      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label={listLabel}
          className={cn(
            'grid max-h-60 gap-1 overflow-y-auto rounded-md border bg-card p-1',
            floating && 'absolute inset-x-0 top-full z-20 mt-1 shadow-md',
          )}
        >
          {results.map((person, index) => (
            <li
              key={person.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-sm px-2 py-2 hover:bg-accent',
                index === activeIndex && 'bg-accent text-accent-foreground',
              )}
              // Keep the focus (and a textarea's caret) in the field while choosing with the mouse.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive({ query: text, index })}
              onClick={() => pick(person)}
            >
              <PersonLabel person={person} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
