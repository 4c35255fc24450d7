import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authContracts } from '@shared/contracts/auth';
import { type AccountExport } from '@shared/schema/account-data';
import { queryKeyOf } from '@/lib/query-client';
import { jsonReply, mockApi, pending, type MockRoutes } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { DataSection } from '../components/data-section';

const exported: AccountExport = {
  exportedAt: '2026-03-04T10:00:00.000Z',
  profile: {
    id: 7,
    type: 'consumer',
    name: 'Ava Thompson',
    username: 'ava_thompson',
    email: 'ava@example.com',
    phone: '+15551234567',
    profilePicture: null,
    verified: false,
    contactEmail: null,
    website: null,
    description: null,
    twoFactorEnabled: false,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  brands: [{ id: 'starbucks', name: 'Starbucks' }],
  identifiers: [],
  friends: [],
  posts: [],
  comments: [],
  giftCards: [],
  giftsSent: [],
  giftsReceived: [],
  giftRequests: [],
  transactions: [],
  messagesSent: [],
  blocked: [],
  notifications: [],
};

function renderSection(routes: MockRoutes = {}) {
  const api = mockApi(routes);
  const rendered = renderWithProviders(<DataSection />, { path: '/settings' });
  rendered.queryClient.setQueryData(queryKeyOf(authContracts.user), {
    id: 7,
    username: 'ava_thompson',
  });
  return { ...rendered, api };
}

/** What the page handed to the browser to save: the file's name and its text. */
function captureDownloads() {
  const files: Array<{ name: string; blob: Blob }> = [];
  const blobs = new Map<string, Blob>();
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL(blob: Blob) {
        const url = `blob:markit/${blobs.size}`;
        blobs.set(url, blob);
        return url;
      }
      static override revokeObjectURL() {}
    },
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    files.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return files;
}

/** A blob's text (jsdom's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

async function openDeleteDialog(routes: MockRoutes = {}) {
  const rendered = renderSection(routes);
  const trigger = screen.getByRole('button', { name: 'Delete account' });
  await rendered.user.click(trigger);
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  return { ...rendered, dialog, trigger };
}

describe('Your data', () => {
  it('is a section of its own, named by its heading', () => {
    renderSection();
    const section = screen.getByRole('region', { name: 'Your data' });
    expect(within(section).getByRole('button', { name: 'Download my data' })).toBeEnabled();
    expect(within(section).getByRole('button', { name: 'Delete account' })).toBeEnabled();
  });

  it('downloads the data as a JSON file named after the user and the day', async () => {
    const files = captureDownloads();
    let answer: () => void = () => {};
    const { user, api } = renderSection({
      'GET /api/user/export': () =>
        new Promise((resolve) => {
          answer = () => resolve(jsonReply(200, exported));
        }),
    });

    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('button', { name: 'Preparing download...' })).toBeDisabled();
    answer();

    await findToast('Download ready');
    expect(api.requestsTo('GET', '/api/user/export')).toHaveLength(1);
    expect(files.map((file) => file.name)).toEqual(['markit-ava_thompson-2026-03-04.json']);
    expect(JSON.parse(await textOf(files[0]!.blob))).toEqual(exported);
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });

  it('says so when the download fails, and saves nothing', async () => {
    const files = captureDownloads();
    const { user } = renderSection({
      'GET /api/user/export': jsonReply(500, { message: 'Something went wrong' }),
    });
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    const toast = await findToast('Download failed');
    expect(within(toast).getByText('Something went wrong')).toBeInTheDocument();
    expect(files).toEqual([]);
  });
});

describe('the delete account dialog', () => {
  it('warns what happens and asks for the password before sending anything', async () => {
    const { user, api, dialog } = await openDeleteDialog();
    expect(within(dialog).getByText(/signs you out on every device/)).toBeInTheDocument();
    expect(within(dialog).getByText(/keeps gift cards and wallet history/)).toBeInTheDocument();
    expect(within(dialog).getByText(/withdraw its balance first/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));

    const password = within(dialog).getByLabelText('Password');
    expect(await within(dialog).findByText('Password is required')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo('POST', '/api/user/delete')).toEqual([]);
  });

  it('shows a wrong password under the field and stays open', async () => {
    const { user, dialog } = await openDeleteDialog({
      'POST /api/user/delete': jsonReply(400, { message: 'Password is incorrect' }),
    });
    const password = within(dialog).getByLabelText('Password');
    await user.type(password, 'not-it');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));

    expect(await within(dialog).findByText('Password is incorrect')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeInTheDocument();
  });

  it('tells a business with a balance to withdraw it first', async () => {
    const { user, dialog } = await openDeleteDialog({
      'POST /api/user/delete': jsonReply(409, {
        message: 'Withdraw your balance before deleting your account.',
      }),
    });
    await user.type(within(dialog).getByLabelText('Password'), 'markit-demo');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));

    expect(
      await within(dialog).findByText('Withdraw your balance before deleting your account.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Password')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('deletes the account with the password, signs out and goes to the sign-in page', async () => {
    const { user, api, dialog } = await openDeleteDialog({
      'POST /api/user/delete': () => pending(),
    });
    await user.type(within(dialog).getByLabelText('Password'), 'markit-demo');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));

    // While it runs, it says so and cannot be sent twice or cancelled.
    expect(await within(dialog).findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(api.requestsTo('POST', '/api/user/delete').map((request) => request.body)).toEqual([
      { password: 'markit-demo' },
    ]);
  });

  it('after the deletion, forgets the user and opens /auth with a toast', async () => {
    const { user, dialog, queryClient, currentPath } = await openDeleteDialog({
      'POST /api/user/delete': { status: 204 },
    });
    await user.type(within(dialog).getByLabelText('Password'), 'markit-demo');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));

    await findToast('Account deleted');
    await waitFor(() => expect(currentPath()).toBe('/auth'));
    expect(queryClient.getQueryData(queryKeyOf(authContracts.user))).toBeNull();
  });

  it('closes on Cancel and gives the focus back to its button', async () => {
    const { user, dialog, trigger } = await openDeleteDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });
});
