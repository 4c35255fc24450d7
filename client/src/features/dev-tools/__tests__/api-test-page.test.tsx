import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FriendshipResult } from '@shared/schema/friends';
import { jsonReply, mockApi, type MockRoutes } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { ApiTestPage } from '../pages/api-test-page';

function renderApiTest(routes: MockRoutes) {
  const api = mockApi(routes);
  return { api, ...renderWithProviders(<ApiTestPage />, { path: '/api-test' }) };
}

function card(title: string): HTMLElement {
  return screen.getByRole('region', { name: title });
}

/** The <pre> with the raw answer, inside the figure captioned with the request. */
function answerIn(container: HTMLElement): HTMLElement {
  const figure = within(container).getByRole('figure', { name: /^Answer to POST \/api\/friends/ });
  const pre = figure.querySelector('pre');
  if (!pre) throw new Error('No answer block');
  return pre;
}

describe('ApiTestPage', () => {
  it('sends a friend request to the typed username and shows the JSON answer', async () => {
    const answer: FriendshipResult = {
      friendshipId: 12,
      status: 'pending',
      friend: { id: 2, name: 'Jordan Lee', username: 'jordan' },
    };
    const { api, user } = renderApiTest({ 'POST /api/friends/request': jsonReply(201, answer) });

    expect(
      screen.getByRole('heading', { level: 1, name: 'Friend Request API Test' }),
    ).toBeInTheDocument();
    const send = card('Send friend request');
    expect(answerIn(send)).toHaveTextContent('No request sent yet.');

    await user.type(within(send).getByLabelText('Username'), 'jordan');
    await user.click(within(send).getByRole('button', { name: 'Send request' }));

    expect(await within(send).findByText(/"friendshipId": 12/)).toBeInTheDocument();
    expect(answerIn(send).textContent).toBe(JSON.stringify(answer, null, 2));
    expect(api.requestsTo('POST', '/api/friends/request').map((request) => request.body)).toEqual([
      { username: 'jordan' },
    ]);
  });

  it('shows the status and message of a failed request', async () => {
    const { user } = renderApiTest({
      'POST /api/friends/request': jsonReply(404, { message: 'User not found' }),
    });
    const send = card('Send friend request');

    await user.type(within(send).getByLabelText('Username'), 'nobody');
    await user.click(within(send).getByRole('button', { name: 'Send request' }));

    expect(await within(send).findByText('Error 404: User not found')).toBeInTheDocument();
  });

  it('responds to friendship 28 by default, with accept or reject', async () => {
    const { api, user } = renderApiTest({
      'POST /api/friends/respond': ({ body }) =>
        jsonReply(200, {
          friendshipId: body.friendshipId,
          status: body.action === 'accept' ? 'accepted' : 'rejected',
          friend: { id: 2, name: 'Jordan Lee', username: 'jordan' },
        }),
    });
    const respond = card('Respond to friend request');

    expect(within(respond).getByLabelText('Friendship ID')).toHaveValue(28);
    expect(within(respond).getByLabelText('Action')).toHaveValue('accept');
    await user.click(within(respond).getByRole('button', { name: 'Send response' }));
    expect(await within(respond).findByText(/"status": "accepted"/)).toBeInTheDocument();

    const idField = within(respond).getByLabelText('Friendship ID');
    await user.clear(idField);
    await user.type(idField, '31');
    await user.selectOptions(within(respond).getByLabelText('Action'), 'reject');
    await user.click(within(respond).getByRole('button', { name: 'Send response' }));
    expect(await within(respond).findByText(/"status": "rejected"/)).toBeInTheDocument();

    expect(api.requestsTo('POST', '/api/friends/respond').map((request) => request.body)).toEqual([
      { friendshipId: 28, action: 'accept' },
      { friendshipId: 31, action: 'reject' },
    ]);
  });

  it('shows the error of a respond call the server refuses', async () => {
    const { user } = renderApiTest({
      'POST /api/friends/respond': jsonReply(409, {
        message: 'This friend request has already been answered',
      }),
    });
    const respond = card('Respond to friend request');

    await user.click(within(respond).getByRole('button', { name: 'Send response' }));

    expect(
      await within(respond).findByText('Error 409: This friend request has already been answered'),
    ).toBeInTheDocument();
  });
});
