import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentProps,
  type KeyboardEvent,
} from 'react';
import { type MentionCandidate } from '@shared/schema/friends';
import { SEARCH_EMPTY, SEARCH_HINT, SEARCH_MIN_LENGTH } from '@shared/schema/gift-cards';
import { Textarea } from '@/components/ui/textarea';
import { readErrorText } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useMentionSearch } from '../api/search-mentions';
import { findActiveMention, insertMention } from '../lib/mentions';
import { AuthorAvatar } from './author-avatar';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** A short pause after the last keystroke, so each mention search is not one request per key. */
export const MENTION_SEARCH_DELAY_MS = 250;
export const MENTION_SEARCH_ERROR = 'Error searching for users. Please try again.';

type MentionTextareaProps = Omit<
  ComponentProps<'textarea'>,
  'value' | 'onChange' | 'onKeyDown' | 'onSelect' | 'onFocus' | 'onBlur'
> & {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Every candidate a search found, so a mention typed out in full can be matched to its id. */
  onCandidatesFound: (candidates: MentionCandidate[]) => void;
  onMentionChosen: (candidate: MentionCandidate) => void;
};

/**
 * A textarea with @-mention suggestions: typing '@' and at least 2 name characters
 * searches the people who can be mentioned; arrow keys move through them, Enter or Tab (or a
 * click) inserts '@username ', Escape closes the list.
 */
export function MentionTextarea({
  id,
  value,
  onValueChange,
  onCandidatesFound,
  onMentionChosen,
  className,
  ...textareaProps
}: MentionTextareaProps) {
  const listId = `${id}-mentions`;
  const statusId = `${useId()}-mention-status`;
  const optionId = (index: number) => `${listId}-${index}`;
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [active, setActive] = useState({ query: '', index: 0 });

  const mention = focused && caret !== null ? findActiveMention(value, caret) : null;
  const query = mention?.query ?? '';
  const dismissed = mention !== null && mention.start === dismissedAt;
  const longEnough = query.length >= SEARCH_MIN_LENGTH;
  const debouncedQuery = useDebouncedValue(
    longEnough && !dismissed ? query : '',
    MENTION_SEARCH_DELAY_MS,
  );
  const search = useMentionSearch(debouncedQuery);

  // The answer on screen must be for the name being typed now, not an earlier one.
  const settled = longEnough && !dismissed && debouncedQuery === query;
  const candidates = settled && search.data ? search.data : [];
  const activeIndex = active.query === query && active.index < candidates.length ? active.index : 0;
  const open = candidates.length > 0;

  useEffect(() => {
    if (search.data && search.data.length > 0) onCandidatesFound(search.data);
  }, [search.data, onCandidatesFound]);

  // After a mention is inserted, the caret goes just after it.
  useLayoutEffect(() => {
    const position = pendingCaret.current;
    const textarea = textareaRef.current;
    if (position === null || !textarea) return;
    pendingCaret.current = null;
    textarea.focus();
    textarea.setSelectionRange(position, position);
  }, [value]);

  const choose = (candidate: MentionCandidate) => {
    if (!mention) return;
    const next = insertMention(value, mention, candidate.username);
    pendingCaret.current = next.caret;
    setCaret(next.caret);
    onValueChange(next.text);
    onMentionChosen(candidate);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open || !mention) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive({ query, index: (activeIndex + 1) % candidates.length });
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive({
        query,
        index: activeIndex === 0 ? candidates.length - 1 : activeIndex - 1,
      });
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      const candidate = candidates[activeIndex];
      if (candidate) choose(candidate);
    } else if (event.key === 'Escape') {
      // Only the list closes; a surrounding dialog (if any) stays open.
      event.preventDefault();
      event.stopPropagation();
      setDismissedAt(mention.start);
    }
  };

  let status: { text: string; error?: boolean } | null = null;
  if (mention && !dismissed) {
    if (!longEnough) status = { text: SEARCH_HINT };
    else if (!settled || search.isPending) status = { text: 'Searching...' };
    else if (search.isError)
      status = { text: readErrorText(search.error, MENTION_SEARCH_ERROR), error: true };
    else if (candidates.length === 0) status = { text: SEARCH_EMPTY };
  }

  const trackCaret = (textarea: HTMLTextAreaElement) => setCaret(textarea.selectionStart);

  return (
    <div className="relative">
      <Textarea
        {...textareaProps}
        ref={textareaRef}
        id={id}
        value={value}
        className={className}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(activeIndex) : undefined}
        aria-describedby={
          [textareaProps['aria-describedby'], status ? statusId : undefined]
            .filter(Boolean)
            .join(' ') || undefined
        }
        onChange={(event) => {
          onValueChange(event.target.value);
          trackCaret(event.target);
        }}
        onSelect={(event) => trackCaret(event.currentTarget)}
        onKeyDown={onKeyDown}
        onFocus={(event) => {
          setFocused(true);
          trackCaret(event.currentTarget);
        }}
        onBlur={() => setFocused(false)}
      />

      {/* Present only while a mention is typed: a permanent live region would also be kept
          visible by every modal dialog on the page (they spare live regions when hiding). */}
      {mention && !dismissed && (
        <div aria-live="polite">
          {status && (
            <p
              id={statusId}
              className={cn(
                'mt-1 text-sm',
                status.error ? 'text-destructive' : 'text-muted-foreground',
              )}
            >
              {status.text}
            </p>
          )}
          <span className="sr-only">
            {open
              ? `${candidates.length} ${candidates.length === 1 ? 'person' : 'people'} found`
              : ''}
          </span>
        </div>
      )}

      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Mention someone"
          className="absolute inset-x-0 top-full z-20 mt-1 grid max-h-60 gap-1 overflow-y-auto rounded-md border bg-card p-1 shadow-md"
        >
          {candidates.map((candidate, index) => (
            <li
              key={candidate.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-sm px-2 py-2 hover:bg-accent',
                index === activeIndex && 'bg-accent text-accent-foreground',
              )}
              // Keep the focus (and the caret) in the textarea while choosing with the mouse.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive({ query, index })}
              onClick={() => choose(candidate)}
            >
              <AuthorAvatar person={candidate} className="size-8 text-xs" />
              <span className="grid min-w-0">
                <span className="truncate font-medium">{candidate.name}</span>
                <span className="truncate text-sm text-muted-foreground">
                  @{candidate.username}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
