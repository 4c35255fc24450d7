import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { ShareProfileDialog } from '../components/share-profile-dialog';
import { profileRoutes, renderProfilePage } from './profile-fixtures';

vi.mock('../components/guest-gift-dialog', () => ({ GuestGiftDialog: () => null }));

const profileUrl = () => `${window.location.origin}/u/ada`;

function stubNativeShare(implementation: () => Promise<void>) {
  const share = vi.fn(implementation);
  Object.defineProperty(navigator, 'share', { configurable: true, writable: true, value: share });
  return share;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
});

async function openShareDialog() {
  const api = mockApi(profileRoutes());
  const rendered = renderProfilePage();
  await screen.findByRole('heading', { level: 1, name: /^Ada Lovelace/ });
  await rendered.user.click(screen.getByRole('button', { name: 'Share' }));
  const dialog = await screen.findByRole('dialog', { name: 'Share Profile' });
  return { ...rendered, api, dialog };
}

function sharesRecorded(api: ReturnType<typeof mockApi>) {
  return api.requestsTo('POST', '/api/analytics/share').map((request) => request.body);
}

describe('ShareProfileDialog', () => {
  it('falls back to the QR view when the device cannot share, and Back returns', async () => {
    const { user, api, dialog } = await openShareDialog();
    expect('share' in navigator).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Share via device' }));

    await findToast('Share via device unavailable');
    expect(within(dialog).getByText('Scan to Connect!')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: /QR code linking/ })).toHaveAttribute(
      'src',
      '/api/user/qr-code/ada',
    );
    expect(within(dialog).getByRole('button', { name: 'Send Gift' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Add Friend' })).toHaveAttribute(
      'href',
      '/friends/ada',
    );
    expect(within(dialog).queryByRole('button', { name: 'Twitter' })).not.toBeInTheDocument();
    expect(sharesRecorded(api)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('button', { name: 'Twitter' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Scan to Connect!')).not.toBeInTheDocument();
  });

  it('falls back to the QR view when the native share fails', async () => {
    stubNativeShare(() => Promise.reject(new DOMException('Not allowed', 'NotAllowedError')));
    const { user, dialog } = await openShareDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Share via device' }));

    await findToast('Share via device unavailable');
    expect(within(dialog).getByText('Scan to Connect!')).toBeInTheDocument();
  });

  it('shares through the device with the title and URL, and records it', async () => {
    const share = stubNativeShare(() => Promise.resolve());
    const { user, api, dialog } = await openShareDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Share via device' }));

    expect(share).toHaveBeenCalledWith({ title: 'Ada Lovelace on mark.it', url: profileUrl() });
    await waitFor(() =>
      expect(sharesRecorded(api)).toEqual([{ platform: 'native', profileUsername: 'ada' }]),
    );
    expect(within(dialog).getByRole('button', { name: 'Twitter' })).toBeInTheDocument();
  });

  it('stays on the options when the person cancels the share sheet', async () => {
    stubNativeShare(() => Promise.reject(new DOMException('Cancelled', 'AbortError')));
    const { user, api, dialog } = await openShareDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Share via device' }));

    await waitFor(() => expect(navigator.share).toHaveBeenCalled());
    expect(within(dialog).getByRole('button', { name: 'Twitter' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Scan to Connect!')).not.toBeInTheDocument();
    expect(screen.queryByText('Share via device unavailable')).not.toBeInTheDocument();
    expect(sharesRecorded(api)).toEqual([]);
  });

  it('opens the QR view with QR Code and records a QR share', async () => {
    const { user, api, dialog } = await openShareDialog();

    await user.click(within(dialog).getByRole('button', { name: 'QR Code' }));

    expect(within(dialog).getByText('Scan to Connect!')).toBeInTheDocument();
    await waitFor(() =>
      expect(sharesRecorded(api)).toEqual([{ platform: 'qr', profileUsername: 'ada' }]),
    );
  });

  it('opens the real Twitter, Facebook and WhatsApp share pages and records each', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user, api, dialog } = await openShareDialog();
    const url = encodeURIComponent(profileUrl());
    const text = encodeURIComponent("Check out Ada Lovelace's profile on mark.it");

    await user.click(within(dialog).getByRole('button', { name: 'Twitter' }));
    await user.click(within(dialog).getByRole('button', { name: 'Facebook' }));
    await user.click(within(dialog).getByRole('button', { name: 'WhatsApp' }));

    expect(open.mock.calls).toEqual([
      [`https://twitter.com/intent/tweet?url=${url}&text=${text}`, '_blank', 'noopener,noreferrer'],
      [`https://www.facebook.com/sharer/sharer.php?u=${url}`, '_blank', 'noopener,noreferrer'],
      [
        `https://wa.me/?text=${encodeURIComponent(`Check out Ada Lovelace's profile on mark.it ${profileUrl()}`)}`,
        '_blank',
        'noopener,noreferrer',
      ],
    ]);
    await waitFor(() =>
      expect(sharesRecorded(api)).toEqual([
        { platform: 'twitter', profileUsername: 'ada' },
        { platform: 'facebook', profileUsername: 'ada' },
        { platform: 'whatsapp', profileUsername: 'ada' },
      ]),
    );
  });

  it('copies the link for Instagram, opens Instagram and says to paste it', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user, api, dialog } = await openShareDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Instagram' }));

    const toast = await findToast('Link copied');
    expect(toast).toHaveTextContent('Paste it into your Instagram');
    await expect(navigator.clipboard.readText()).resolves.toBe(profileUrl());
    expect(open).toHaveBeenCalledWith(
      'https://www.instagram.com/',
      '_blank',
      'noopener,noreferrer',
    );
    await waitFor(() =>
      expect(sharesRecorded(api)).toEqual([{ platform: 'instagram', profileUsername: 'ada' }]),
    );
  });

  it('copies the link from the dialog too, with the Copied indicator', async () => {
    const { user, api, dialog } = await openShareDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Copy Link' }));

    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(profileUrl());
    await waitFor(() =>
      expect(sharesRecorded(api)).toEqual([{ platform: 'copy', profileUsername: 'ada' }]),
    );
  });

  it('ignores a failure to record the share', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const api = mockApi(
      profileRoutes({
        'POST /api/analytics/share': { status: 429, body: { message: 'Too many shares' } },
      }),
    );
    const { user } = renderProfilePage();
    await screen.findByRole('heading', { level: 1, name: /^Ada Lovelace/ });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Profile' });

    await user.click(within(dialog).getByRole('button', { name: 'Facebook' }));

    await waitFor(() => expect(sharesRecorded(api)).toHaveLength(1));
    expect(open).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Too many shares')).not.toBeInTheDocument();
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
  });

  it('refuses to share a profile without a username', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const api = mockApi({});
    const { user } = renderWithProviders(
      <ShareProfileDialog
        open
        onOpenChange={() => {}}
        profile={{ username: '', name: 'Nobody' }}
        showAddFriend={false}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Share Profile' });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');

    await user.click(within(dialog).getByRole('button', { name: 'Copy Link' }));
    const toast = await findToast('Error');
    expect(toast).toHaveTextContent('Unable to share profile. Username not available.');

    await user.click(within(dialog).getByRole('button', { name: 'Twitter' }));
    await user.click(within(dialog).getByRole('button', { name: 'QR Code' }));

    expect(writeText).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
    expect(within(dialog).queryByText('Scan to Connect!')).not.toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });
});
