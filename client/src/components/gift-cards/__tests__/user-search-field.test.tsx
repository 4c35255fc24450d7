import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type UserSearchResult } from '@shared/schema/gift-cards';
import { jsonReply, mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { UserSearchField, type SelectedUser } from '../user-search-field';

function searchResult(overrides: Partial<UserSearchResult> = {}): UserSearchResult {
  return {
    id: 2,
    name: 'Jordan Lee',
    username: 'jordan',
    profilePicture: null,
    verified: false,
    type: 'consumer',
    friendshipStatus: 'none',
    ...overrides,
  };
}

const jordan = searchResult();
const jo = searchResult({ id: 3, name: 'Jo March', username: 'jomarch' });

/** Long enough for the 500 ms debounce and the answer. */
const SEARCH_WAIT = { timeout: 2000 };

function Harness({ onSelect }: { onSelect: (user: UserSearchResult) => void }) {
  const [selected, setSelected] = useState<SelectedUser | null>(null);
  return (
    <UserSearchField
      label="Send to"
      type="consumer"
      selected={selected}
      onSelect={(user) => {
        setSelected(user);
        onSelect(user);
      }}
    />
  );
}

describe('UserSearchField', () => {
  it('asks for at least 2 characters and does not search before that', async () => {
    const api = mockApi({ 'GET /api/users/search': jsonReply(200, [jordan]) });
    const { user } = renderWithProviders(<Harness onSelect={vi.fn()} />);

    const box = screen.getByRole('combobox', { name: 'Send to' });
    expect(screen.getByText('Type at least 2 characters to search')).toBeInTheDocument();
    await user.type(box, 'j');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(screen.getByText('Type at least 2 characters to search')).toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/users/search')).toHaveLength(0);
  });

  it('searches once, 500 ms after the last keystroke, for consumers', async () => {
    const api = mockApi({ 'GET /api/users/search': jsonReply(200, [jordan, jo]) });
    const { user } = renderWithProviders(<Harness onSelect={vi.fn()} />);

    await user.type(screen.getByRole('combobox', { name: 'Send to' }), 'jor');
    expect(api.requestsTo('GET', '/api/users/search')).toHaveLength(0);

    const options = await screen.findAllByRole('option', undefined, SEARCH_WAIT);
    expect(options.map((option) => option.textContent)).toEqual([
      'JLJordan Lee@jordan',
      'JMJo March@jomarch',
    ]);
    const searches = api.requestsTo('GET', '/api/users/search');
    expect(searches).toHaveLength(1);
    expect(searches[0]!.search.get('q')).toBe('jor');
    expect(searches[0]!.search.get('type')).toBe('consumer');
  });

  it("says 'No users found' when nobody matches", async () => {
    mockApi({ 'GET /api/users/search': jsonReply(200, []) });
    const { user } = renderWithProviders(<Harness onSelect={vi.fn()} />);

    await user.type(screen.getByRole('combobox', { name: 'Send to' }), 'zz');
    expect(await screen.findByText('No users found', undefined, SEARCH_WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('says the search failed, and Try again asks again', async () => {
    let calls = 0;
    mockApi({
      'GET /api/users/search': () => {
        calls += 1;
        return calls === 1
          ? jsonReply(500, { message: 'Failed to search users' })
          : jsonReply(200, [jordan]);
      },
    });
    const { user } = renderWithProviders(<Harness onSelect={vi.fn()} />);

    await user.type(screen.getByRole('combobox', { name: 'Send to' }), 'jo');
    expect(
      await screen.findByText(
        'Error searching for users. Please try again.',
        undefined,
        SEARCH_WAIT,
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('option', { name: /Jordan Lee/ })).toBeInTheDocument();
  });

  it('chooses a user with a click, shows them, and Change searches again', async () => {
    mockApi({ 'GET /api/users/search': jsonReply(200, [jordan, jo]) });
    const onSelect = vi.fn();
    const { user } = renderWithProviders(<Harness onSelect={onSelect} />);

    await user.type(screen.getByRole('combobox', { name: 'Send to' }), 'jo');
    await user.click(await screen.findByRole('option', { name: /Jo March/ }, SEARCH_WAIT));

    expect(onSelect).toHaveBeenCalledWith(jo);
    const chosen = screen.getByRole('group', { name: 'Send to' });
    expect(chosen).toHaveTextContent('Jo March@jomarch');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change' }));
    const box = screen.getByRole('combobox', { name: 'Send to' });
    expect(box).toHaveFocus();
    expect(box).toHaveValue('');
    // The earlier choice stands until another is picked, and can be kept.
    expect(screen.getByText('Currently Jo March (@jomarch)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep Jo March' }));
    expect(screen.getByRole('group', { name: 'Send to' })).toHaveTextContent('Jo March@jomarch');
  });

  it('chooses a user with the arrow keys and Enter', async () => {
    mockApi({ 'GET /api/users/search': jsonReply(200, [jordan, jo]) });
    const onSelect = vi.fn();
    const { user } = renderWithProviders(<Harness onSelect={onSelect} />);

    const box = screen.getByRole('combobox', { name: 'Send to' });
    await user.type(box, 'jo');
    await screen.findAllByRole('option', undefined, SEARCH_WAIT);
    expect(box).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = screen.getByRole('option', { name: /Jo March/ });
    expect(active).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', active.id);
    await user.keyboard('{Enter}');

    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(jo));
  });

  it('shows a preset user with Change', () => {
    renderWithProviders(
      <UserSearchField
        label="Send to"
        selected={{ name: 'Jordan Lee', username: 'jordan' }}
        onSelect={vi.fn()}
      />,
    );
    expect(screen.getByRole('group', { name: 'Send to' })).toHaveTextContent('Jordan Lee@jordan');
    expect(screen.getByRole('button', { name: 'Change' })).toBeInTheDocument();
  });
});
