import { useLayoutEffect, useRef, useState, type ComponentProps } from 'react';
import { type MentionCandidate } from '@shared/schema/friends';
import { PersonCombobox } from '@/components/ui/person-combobox';
import { Textarea } from '@/components/ui/textarea';
import { searchMentionsQueryOptions } from '../api/search-mentions';
import { findActiveMention, insertMention } from '../lib/mentions';

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
 * A textarea with @-mention suggestions through the people combobox: typing '@' and at least 2
 * name characters searches the people who can be mentioned; arrow keys move through them, Enter
 * or Tab (or a click) inserts '@username ', Escape closes the list until the next mention.
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
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);

  const mention = focused && caret !== null ? findActiveMention(value, caret) : null;
  const dismissed = mention !== null && mention.start === dismissedAt;

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

  const trackCaret = (textarea: HTMLTextAreaElement) => setCaret(textarea.selectionStart);

  return (
    <PersonCombobox
      query={mention && !dismissed ? mention.query : null}
      searchOptions={searchMentionsQueryOptions}
      delayMs={MENTION_SEARCH_DELAY_MS}
      errorText={MENTION_SEARCH_ERROR}
      listLabel="Mention someone"
      activateFirst
      pickOnTab
      floating
      onPick={choose}
      onDismiss={() => mention && setDismissedAt(mention.start)}
      onResults={onCandidatesFound}
    >
      {(field) => (
        <Textarea
          {...textareaProps}
          {...field}
          ref={textareaRef}
          id={id}
          value={value}
          className={className}
          aria-describedby={
            [textareaProps['aria-describedby'], field['aria-describedby']]
              .filter(Boolean)
              .join(' ') || undefined
          }
          onChange={(event) => {
            onValueChange(event.target.value);
            trackCaret(event.target);
          }}
          onSelect={(event) => trackCaret(event.currentTarget)}
          onFocus={(event) => {
            setFocused(true);
            trackCaret(event.currentTarget);
          }}
          onBlur={() => setFocused(false)}
        />
      )}
    </PersonCombobox>
  );
}
