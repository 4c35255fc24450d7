import { queryOptions } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { FormDialog } from '../form-dialog';
import { Input } from '../input';
import { PersonCombobox, type ComboboxPerson } from '../person-combobox';
import { Textarea } from '../textarea';

const people: ComboboxPerson[] = [
  { id: 1, name: 'Bob Builder', username: 'bob', profilePicture: null },
  { id: 2, name: 'Bobby Tables', username: 'bobby', profilePicture: null },
  { id: 3, name: 'Carol Danvers', username: 'carol', profilePicture: null },
];

/** A search over `people` that counts its calls and can be made to fail. */
function peopleSearch({ failFirst = false } = {}) {
  const calls: string[] = [];
  const options = (query: string) =>
    queryOptions({
      queryKey: ['people', query],
      queryFn: async () => {
        calls.push(query);
        if (failFirst && calls.length === 1) throw new Error('down');
        return people.filter((person) => person.username.startsWith(query.toLowerCase()));
      },
      enabled: query.length >= 2,
    });
  return { calls, options };
}

/** Long enough for the debounce and the answer. */
const WAIT = { timeout: 2000 };

function SingleLine({
  onPick,
  search = peopleSearch(),
}: {
  onPick: (person: ComboboxPerson) => void;
  search?: ReturnType<typeof peopleSearch>;
}) {
  const [text, setText] = useState('');
  return (
    <PersonCombobox
      query={text.trim()}
      searchOptions={search.options}
      delayMs={50}
      errorText="Search failed."
      listLabel="People"
      singleLine
      retryable
      onPick={(person) => {
        setText('');
        onPick(person);
      }}
    >
      {(field) => (
        <Input
          {...field}
          aria-label="Find someone"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      )}
    </PersonCombobox>
  );
}

describe('PersonCombobox', () => {
  it('asks for 2 characters, then searches once typing pauses', async () => {
    const search = peopleSearch();
    const { user } = renderWithProviders(<SingleLine onPick={vi.fn()} search={search} />);

    const box = screen.getByRole('combobox', { name: 'Find someone' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.type(box, 'b');
    expect(screen.getByText('Type at least 2 characters to search')).toBeInTheDocument();

    await user.type(box, 'ob');
    const list = await screen.findByRole('listbox', { name: 'People' }, WAIT);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'BBBob Builder@bob',
      'BTBobby Tables@bobby',
    ]);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    // 'bo' and 'bob' were typed faster than the pause: one search, for what the box says.
    expect(search.calls).toEqual(['bob']);
  });

  it('moves with the arrow keys and picks with Enter, without submitting the form', async () => {
    const onPick = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const { user } = renderWithProviders(
      <form onSubmit={onSubmit}>
        <SingleLine onPick={onPick} />
      </form>,
    );

    const box = screen.getByRole('combobox', { name: 'Find someone' });
    await user.type(box, 'bo');
    const options = await screen.findAllByRole('option', undefined, WAIT);
    // Nothing is active until an arrow key moves there.
    expect(box).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);

    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith(people[1]);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('closes the list with Escape without letting the key reach what surrounds it', async () => {
    const outside = vi.fn();
    const { user } = renderWithProviders(
      <div onKeyDown={outside}>
        <SingleLine onPick={vi.fn()} />
      </div>,
    );

    const box = screen.getByRole('combobox', { name: 'Find someone' });
    await user.type(box, 'car');
    await screen.findByRole('option', { name: /Carol Danvers/ }, WAIT);
    outside.mockClear();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(outside).not.toHaveBeenCalled();

    // Typing on searches again.
    await user.type(box, '{Backspace}');
    expect(await screen.findByRole('listbox', undefined, WAIT)).toBeInTheDocument();
  });

  it('inside a dialog, Escape first closes the list and only then the dialog', async () => {
    const onOpenChange = vi.fn();
    const { user } = renderWithProviders(
      <FormDialog open onOpenChange={onOpenChange} title="Send Gift">
        <SingleLine onPick={vi.fn()} />
      </FormDialog>,
    );

    const dialog = screen.getByRole('dialog', { name: 'Send Gift' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Find someone' }), 'car');
    await within(dialog).findByRole('option', { name: /Carol Danvers/ }, WAIT);

    await user.keyboard('{Escape}');
    expect(within(dialog).queryByRole('listbox')).not.toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();

    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('says when the search failed, and Try again asks again', async () => {
    const search = peopleSearch({ failFirst: true });
    const { user } = renderWithProviders(<SingleLine onPick={vi.fn()} search={search} />);

    const box = screen.getByRole('combobox', { name: 'Find someone' });
    await user.type(box, 'bob');
    expect(await screen.findByRole('alert', undefined, WAIT)).toHaveTextContent('Search failed.');
    expect(box).toHaveAccessibleDescription('Search failed.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('option', { name: /Bob Builder/ })).toBeInTheDocument();
    expect(search.calls).toEqual(['bob', 'bob']);
  });

  it('leaves a textarea its textbox role; the first option is active and Tab picks it', async () => {
    const onPick = vi.fn();
    function MultiLine() {
      const [text, setText] = useState('');
      return (
        <PersonCombobox
          query={text.startsWith('@') ? text.slice(1) : null}
          searchOptions={peopleSearch().options}
          delayMs={50}
          errorText="Search failed."
          listLabel="Mention someone"
          activateFirst
          pickOnTab
          floating
          onPick={onPick}
        >
          {(field) => (
            <Textarea
              {...field}
              aria-label="Post"
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </PersonCombobox>
      );
    }
    const { user } = renderWithProviders(<MultiLine />);

    const textarea = screen.getByRole('textbox', { name: 'Post' });
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    // Not searching: no status at all.
    expect(screen.queryByText('Type at least 2 characters to search')).not.toBeInTheDocument();

    await user.type(textarea, '@bo');
    const options = await screen.findAllByRole('option', undefined, WAIT);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(textarea).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(screen.getByText('2 people found')).toBeInTheDocument();

    fireEvent.keyDown(textarea, { key: 'Tab' });
    await waitFor(() => expect(onPick).toHaveBeenCalledWith(people[0]));
  });
});
