import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { MESSAGE_MESSAGES, type Message } from '@shared/schema/messages';
import { applyMessageEvent } from '@/lib/message-live';
import { buildUser } from '@/testing/fixtures';
import { jsonReply, listReply, mockApi, type MockReply, type MockRoutes } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { ConversationPage, THREAD_CLOSED } from '../pages/conversation-page';
import { buildInfo, buildMessage } from './message-fixtures';

const THREAD = '/api/messages/avery';

/** A page of the thread, newest first, with a `next` link when older messages remain. */
function threadReply(
  messages: Message[],
  olderCursor?: number,
): MockReply<'GET /api/messages/:username'> {
  return listReply(
    [...messages].sort((a, b) => b.id - a.id),
    {
      nextCursor: null,
      headers: olderCursor
        ? { Link: `</api/messages/avery?cursor=${olderCursor}&limit=30>; rel="next"` }
        : {},
    },
  );
}

function renderThread(routes: MockRoutes = {}) {
  const api = mockApi({
    'GET /api/user': jsonReply(200, buildUser()),
    'GET /api/messages/:username/info': jsonReply(200, buildInfo()),
    'GET /api/messages/:username': threadReply([buildMessage({ id: 1 })]),
    'POST /api/messages/:username/read': { status: 204 },
    'POST /api/messages/:username/typing': { status: 204 },
    ...routes,
  });
  const rendered = renderWithProviders(
    <Route path="/messages/:username">
      <ConversationPage />
    </Route>,
    { path: '/messages/avery' },
  );
  return { api, ...rendered };
}

const composer = () => screen.findByRole('textbox', { name: 'Message Avery Park' });
const messageList = () => screen.findByRole('list', { name: 'Messages' });

describe('ConversationPage', () => {
  it('shows message text as text, never as markup, and links only http and https addresses', async () => {
    renderThread({
      'GET /api/messages/:username': threadReply([
        buildMessage({
          id: 1,
          text: '<b>x</b> <img src=x onerror=alert(1)> see https://example.com/gift. or javascript:alert(1)',
        }),
      ]),
    });
    const list = await messageList();
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent('<b>x</b> <img src=x onerror=alert(1)> see');
    expect(item.querySelector('b')).toBeNull();
    expect(item.querySelector('img')).toBeNull();
    const links = within(item).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://example.com/gift');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(item).toHaveTextContent('javascript:alert(1)');
  });

  it("marks what I opened as read and shows 'Seen' under my last message once they read it", async () => {
    const { api, queryClient } = renderThread({
      'GET /api/messages/:username/info': jsonReply(200, buildInfo({ seenUpTo: 2 })),
      'GET /api/messages/:username': threadReply([
        buildMessage({ id: 1 }),
        buildMessage({ id: 2, fromMe: true, text: 'Mine, read' }),
        buildMessage({ id: 3, fromMe: true, text: 'Mine, not yet read' }),
      ]),
    });
    const list = await messageList();
    expect(within(list).queryByText('Seen')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(api.requestsTo('POST', '/api/messages/avery/read')[0]?.body).toEqual({ upTo: 3 }),
    );

    // Their read receipt arrives live: 'Seen' goes under my newest message, and only there.
    act(() =>
      applyMessageEvent(
        queryClient,
        'message-read',
        JSON.stringify({ username: 'avery', upTo: 3 }),
      ),
    );
    const seen = await within(list).findByText('Seen');
    expect(seen.closest('li')).toHaveTextContent('Mine, not yet read');
    expect(within(list).getAllByText('Seen')).toHaveLength(1);
  });

  it('shows and hides the typing indicator from live events, and sends typing at most every few seconds', async () => {
    const { api, user, queryClient } = renderThread();
    const box = await composer();
    expect(screen.queryByText('Avery Park is typing…')).not.toBeInTheDocument();
    act(() => applyMessageEvent(queryClient, 'typing', JSON.stringify({ username: 'avery' })));
    expect(await screen.findByText('Avery Park is typing…')).toBeInTheDocument();
    // Their message ends it.
    act(() =>
      applyMessageEvent(
        queryClient,
        'message',
        JSON.stringify({ username: 'avery', message: buildMessage({ id: 5, text: 'Here now' }) }),
      ),
    );
    expect(await screen.findByText('Here now')).toBeInTheDocument();
    expect(screen.queryByText('Avery Park is typing…')).not.toBeInTheDocument();
    // A new message of theirs is announced to screen readers.
    expect(screen.getByRole('log')).toHaveTextContent('Avery Park: Here now');

    await user.type(box, 'Hello again');
    expect(api.requestsTo('POST', '/api/messages/avery/typing')).toHaveLength(1);
  });

  it('checks the text with the shared rules: Enter sends, Shift+Enter is a new line, empty and overlong are refused', async () => {
    const { api, user } = renderThread();
    const box = await composer();

    await user.click(box);
    await user.keyboard('   {Enter}');
    expect(await screen.findByText(MESSAGE_MESSAGES.textRequired)).toBeInTheDocument();

    fireEvent.change(box, { target: { value: 'a'.repeat(2_001) } });
    expect(screen.getByText('2,001/2,000 characters')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(MESSAGE_MESSAGES.textTooLong)).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo('POST', THREAD)).toHaveLength(0);

    await user.clear(box);
    await user.type(box, 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(box).toHaveValue('Line one\nLine two');
    expect(api.requestsTo('POST', THREAD)).toHaveLength(0);
  });

  it('shows a send at once, and a retry after a failure sends the same clientId', async () => {
    let attempts = 0;
    let release: (reply: MockReply<'POST /api/messages/:username'>) => void = () => {};
    const { api, user } = renderThread({
      'POST /api/messages/:username': ({ body }) => {
        attempts += 1;
        if (attempts === 1) return new Promise((resolve) => (release = resolve));
        return jsonReply(
          201,
          buildMessage({ id: 9, fromMe: true, clientId: body.clientId, text: body.text }),
        );
      },
    });
    const box = await composer();
    await user.type(box, '  See you at 5  {Enter}');

    const list = await messageList();
    expect(box).toHaveValue('');
    const optimistic = within(list).getByText('See you at 5').closest('li')!;
    expect(optimistic).toHaveTextContent('Sending...');

    release(jsonReply(500, { message: 'Server trouble' }));
    expect(await findToast('Message not sent')).toHaveTextContent('Server trouble');
    expect(optimistic).toHaveTextContent('Not sent');

    await user.click(within(optimistic).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(list).queryByText('Not sent')).not.toBeInTheDocument());
    expect(within(list).queryByText('Sending...')).not.toBeInTheDocument();
    expect(within(list).getAllByText('See you at 5')).toHaveLength(1);

    const sends = api
      .requestsTo('POST', THREAD)
      .map((request) => request.body as { clientId: string; text: string });
    expect(sends).toHaveLength(2);
    expect(sends[0]!.text).toBe('See you at 5');
    expect(sends[0]!.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sends[1]!.clientId).toBe(sends[0]!.clientId);
  });

  it('loads earlier messages above and keeps the reader at the same message', async () => {
    let answerFirst: (reply: MockReply<'GET /api/messages/:username'>) => void = () => {};
    const { api, user } = renderThread({
      'GET /api/messages/:username': (request) =>
        request.search.get('cursor') === '3'
          ? threadReply([buildMessage({ id: 1, text: 'Oldest' }), buildMessage({ id: 2 })])
          : new Promise((resolve) => (answerFirst = resolve)),
    });
    const region = await screen.findByRole('region', { name: 'Messages with Avery Park' });
    // jsdom lays nothing out: each message is 100px tall, and scrollTop is remembered as set.
    let top = 0;
    Object.defineProperty(region, 'scrollHeight', {
      configurable: true,
      get: () => region.querySelectorAll('li').length * 100,
    });
    Object.defineProperty(region, 'clientHeight', { configurable: true, value: 100 });
    Object.defineProperty(region, 'scrollTop', {
      configurable: true,
      get: () => top,
      set: (value: number) => (top = value),
    });

    answerFirst(
      threadReply(
        [buildMessage({ id: 3 }), buildMessage({ id: 4 }), buildMessage({ id: 5, text: 'Newest' })],
        3,
      ),
    );
    await screen.findByText('Newest');
    // Opened at the newest message.
    expect(top).toBe(300);

    top = 40;
    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    await screen.findByText('Oldest');
    expect(api.requestsTo('GET', THREAD).at(-1)?.search.get('cursor')).toBe('3');
    // 200px were added above: the message that was on screen stays where it was.
    expect(top).toBe(240);
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
  });

  it('keeps a closed conversation readable, with an explanation instead of the composer', async () => {
    renderThread({
      'GET /api/messages/:username/info': jsonReply(200, buildInfo({ canMessage: false })),
      'GET /api/messages/:username': threadReply([buildMessage({ id: 1, text: 'From before' })]),
    });
    expect(await screen.findByText('From before')).toBeInTheDocument();
    expect(screen.getByText(THREAD_CLOSED)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('deletes my recent message for everyone after a confirmation; an old one has no delete', async () => {
    const { api, user } = renderThread({
      'GET /api/messages/:username': threadReply([
        buildMessage({
          id: 1,
          fromMe: true,
          text: 'Too old to delete',
          createdAt: new Date(Date.now() - 16 * 60_000).toISOString(),
        }),
        buildMessage({ id: 2, fromMe: true, text: 'Oops' }),
      ]),
      'DELETE /api/messages/:username/:id': { status: 204 },
    });
    const list = await messageList();
    const [old, recent] = within(list).getAllByRole('listitem');
    expect(within(old!).queryByRole('button', { name: 'Message actions' })).not.toBeInTheDocument();

    await user.click(within(recent!).getByRole('button', { name: 'Message actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete for everyone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete for everyone?' });
    expect(api.requestsTo('DELETE', '/api/messages/avery/2')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await within(list).findByText('This message was deleted')).toBeInTheDocument();
    expect(within(list).queryByText('Oops')).not.toBeInTheDocument();
    expect(api.requestsTo('DELETE', '/api/messages/avery/2')).toHaveLength(1);
  });

  it('reports their message with a reason', async () => {
    const { api, user } = renderThread({
      'POST /api/messages/:username/:id/report': jsonReply(201, { id: 1, status: 'open' }),
    });
    const list = await messageList();
    await user.click(within(list).getByRole('button', { name: 'Message actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report message' });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam or scam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    expect(await findToast('Report received')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/messages/avery/1/report')[0]?.body).toEqual({
      reason: 'spam',
      details: '',
    });
  });

  it('blocks the person after a confirmation, and the conversation closes', async () => {
    let blocked = false;
    const { api, user } = renderThread({
      'GET /api/messages/:username/info': () => jsonReply(200, buildInfo({ canMessage: !blocked })),
      'POST /api/users/:username/block': () => {
        blocked = true;
        return { status: 204 };
      },
    });
    await composer();
    await user.click(screen.getByRole('button', { name: 'Conversation options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block Avery Park' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Avery Park?' });
    expect(dialog).toHaveTextContent('They will not be told.');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));

    expect(await findToast('You blocked Avery Park')).toBeInTheDocument();
    expect(await screen.findByText(THREAD_CLOSED)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/users/avery/block')).toHaveLength(1);
  });

  it('sends one uploaded image with the text', async () => {
    const { api, user } = renderThread({
      'POST /api/uploads': jsonReply(201, {
        url: '/uploads/photo.webp',
        contentType: 'image/webp',
        size: 3,
      }),
      'POST /api/messages/:username': ({ body }) => {
        return jsonReply(201, buildMessage({ id: 7, fromMe: true, ...body }));
      },
    });
    const box = await composer();
    await user.upload(
      screen.getByLabelText('Add image'),
      new File(['png'], 'photo.png', { type: 'image/png' }),
    );
    expect(
      await screen.findByRole('img', { name: 'Preview of the image to send' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Add image')).not.toBeInTheDocument();
    await user.type(box, 'Look{Enter}');
    await waitFor(() => expect(api.requestsTo('POST', THREAD)).toHaveLength(1));
    expect(api.requestsTo('POST', THREAD)[0]?.body).toMatchObject({
      text: 'Look',
      imageUrl: '/uploads/photo.webp',
    });
    const list = await messageList();
    expect(await within(list).findByRole('img', { name: 'Image in the message' })).toHaveAttribute(
      'src',
      '/uploads/photo.webp',
    );
  });

  it("offers a consumer 'Send gift card' with the friend already chosen", async () => {
    const { user } = renderThread({
      'GET /api/gift-cards/consumer/wallet': listReply([]),
    });
    await composer();
    await user.click(screen.getByRole('button', { name: 'Send gift card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Gift' });
    await user.click(within(dialog).getByRole('tab', { name: 'A new card' }));
    // The friend is already chosen: no search for a recipient.
    expect(within(dialog).getByText('Avery Park')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Send to' })).not.toBeInTheDocument();
  });

  it('gives a business no gift button', async () => {
    renderThread({ 'GET /api/user': jsonReply(200, buildUser({ type: 'business' })) });
    await composer();
    expect(screen.queryByRole('button', { name: 'Send gift card' })).not.toBeInTheDocument();
  });

  it('does not mark a conversation read while its tab is hidden, only once it is shown', async () => {
    let hidden = true;
    const spy = vi.spyOn(document, 'hidden', 'get').mockImplementation(() => hidden);
    try {
      const { api } = renderThread();
      await messageList();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(api.requestsTo('POST', '/api/messages/avery/read')).toHaveLength(0);
      hidden = false;
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await waitFor(() =>
        expect(api.requestsTo('POST', '/api/messages/avery/read')[0]?.body).toEqual({ upTo: 1 }),
      );
    } finally {
      spy.mockRestore();
    }
  });
});
