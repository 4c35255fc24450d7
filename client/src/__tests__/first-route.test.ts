import { afterEach, describe, expect, it } from 'vitest';
import { getUserQueryOptions } from '@/api/get-user';
import { getProfileQueryOptions } from '@/features/profile/api/get-profile';
import { queryClient } from '@/lib/query-client';
import { buildPublicProfile } from '@/testing/fixtures';
import { jsonReply, mockApi } from '@/testing/mock-api';
import { startFirstRoute } from '../first-route';

const profile = buildPublicProfile();

/** The block the server puts in the HTML of a public profile. */
function sendWithPage(data: unknown) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'first-route-data';
  block.textContent = JSON.stringify(data);
  document.head.append(block);
}

afterEach(() => {
  document.getElementById('first-route-data')?.remove();
  queryClient.clear();
});

describe('startFirstRoute on a public profile', () => {
  it('uses the profile sent with the page and does not ask for it', async () => {
    const api = mockApi({});
    sendWithPage({ profile });
    startFirstRoute('/u/Ava_Thompson');
    expect(queryClient.getQueryData(getProfileQueryOptions('ava_thompson').queryKey)).toEqual(
      profile,
    );
    await Promise.resolve();
    expect(api.requestsTo('GET', '/api/user/profile/Ava_Thompson')).toHaveLength(0);
  });

  it('asks for the profile when the page came without it, or with someone else’s', async () => {
    const api = mockApi({ 'GET /api/user/profile/sam_lee': jsonReply(404, { message: 'No' }) });
    sendWithPage({ profile });
    startFirstRoute('/u/sam_lee');
    await expect.poll(() => api.requestsTo('GET', '/api/user/profile/sam_lee')).toHaveLength(1);
    expect(queryClient.getQueryData(getProfileQueryOptions('sam_lee').queryKey)).toBeUndefined();
  });
});

describe('startFirstRoute on the sign-in page', () => {
  it('takes "nobody is signed in" from the page and does not ask who is', async () => {
    const api = mockApi({});
    sendWithPage({ signedIn: false });
    startFirstRoute('/auth');
    expect(queryClient.getQueryState(getUserQueryOptions().queryKey)?.data).toBeNull();
    await Promise.resolve();
    expect(api.requestsTo('GET', '/api/user')).toHaveLength(0);
  });

  it('asks who is signed in when the page does not say', async () => {
    const api = mockApi({ 'GET /api/user': jsonReply(401, { message: 'Not signed in' }) });
    startFirstRoute('/auth');
    await expect.poll(() => api.requestsTo('GET', '/api/user')).toHaveLength(1);
  });
});
