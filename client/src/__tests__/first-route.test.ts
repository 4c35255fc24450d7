import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMarketplacePinsInfiniteQueryOptions } from '@/api/get-marketplace-pins';
import { getUserQueryOptions, useUser } from '@/api/get-user';
import { getProfileQueryOptions } from '@/features/profile/api/get-profile';
import { getPostsInfiniteQueryOptions, usePosts } from '@/features/social-feed/api/get-posts';
import { queryClient } from '@/lib/query-client';
import { buildPublicProfile, buildUser } from '@/testing/fixtures';
import { jsonReply, listReply, mockApi } from '@/testing/mock-api';
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
  vi.unstubAllGlobals();
});

describe('startFirstRoute on a public profile', () => {
  it('uses the profile sent with the page and does not ask for it', async () => {
    const api = mockApi({ 'GET /api/user': jsonReply(401, { message: 'Not signed in' }) });
    sendWithPage({ profile });
    startFirstRoute('/u/Ava_Thompson');
    expect(queryClient.getQueryData(getProfileQueryOptions('ava_thompson').queryKey)).toEqual(
      profile,
    );
    await Promise.resolve();
    expect(api.requestsTo('GET', '/api/user/profile/Ava_Thompson')).toHaveLength(0);
  });

  it('asks for the profile when the page came without it, or with someone else’s', async () => {
    const api = mockApi({
      'GET /api/user': jsonReply(401, { message: 'Not signed in' }),
      'GET /api/user/profile/:username': jsonReply(404, { message: 'No' }),
    });
    sendWithPage({ profile });
    startFirstRoute('/u/sam_lee');
    await expect.poll(() => api.requestsTo('GET', '/api/user/profile/sam_lee')).toHaveLength(1);
    expect(queryClient.getQueryData(getProfileQueryOptions('sam_lee').queryKey)).toBeUndefined();
  });
});

describe('startFirstRoute on the sign-in page', () => {
  it('takes "nobody is signed in" from the page and does not ask who is', async () => {
    const api = mockApi({ 'GET /api/user': jsonReply(401, { message: 'Not signed in' }) });
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

describe('startFirstRoute on a signed-in list', () => {
  it('asks who is signed in at once, and the page mounting a moment later uses that answer', async () => {
    const api = mockApi({
      'GET /api/user': jsonReply(200, buildUser({ username: 'ava' })),
      'GET /api/posts': listReply([], { nextCursor: null }),
    });
    startFirstRoute('/social-feed');
    await expect
      .poll(() => queryClient.getQueryData(getUserQueryOptions().queryKey))
      .toMatchObject({ username: 'ava' });
    const { result } = renderHook(() => useUser(), {
      wrapper: ({ children }) =>
        createElement(QueryClientProvider, { client: queryClient }, children),
    });
    expect(result.current.data).toMatchObject({ username: 'ava' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.requestsTo('GET', '/api/user')).toHaveLength(1);
  });

  it("asks for the feed's first page at once, under the key the page reads", async () => {
    const api = mockApi({
      'GET /api/user': jsonReply(401, { message: 'Not signed in' }),
      'GET /api/posts': listReply([], { nextCursor: null }),
    });
    startFirstRoute('/social-feed');
    await expect.poll(() => api.requestsTo('GET', '/api/posts')).toHaveLength(1);
    await expect
      .poll(() => queryClient.getQueryData(getPostsInfiniteQueryOptions().queryKey)?.pages)
      .toHaveLength(1);
  });

  it('lets the feed, mounting once it has arrived, use that page instead of asking again', async () => {
    const api = mockApi({
      'GET /api/user': jsonReply(401, { message: 'Not signed in' }),
      'GET /api/posts': listReply([], { nextCursor: null }),
    });
    startFirstRoute('/social-feed');
    await expect
      .poll(() => queryClient.getQueryData(getPostsInfiniteQueryOptions().queryKey)?.pages)
      .toHaveLength(1);
    const { result } = renderHook(() => usePosts(), {
      wrapper: ({ children }) =>
        createElement(QueryClientProvider, { client: queryClient }, children),
    });
    expect(result.current.isSuccess).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.requestsTo('GET', '/api/posts')).toHaveLength(1);
  });

  it("asks for the marketplace's first page from everywhere when no position can be read yet", async () => {
    const api = mockApi({
      'GET /api/user': jsonReply(401, { message: 'Not signed in' }),
      'GET /api/gift-cards/marketplace': listReply([]),
    });
    startFirstRoute('/marketplace');
    await expect.poll(() => api.requestsTo('GET', '/api/gift-cards/marketplace')).toHaveLength(1);
    const [request] = api.requestsTo('GET', '/api/gift-cards/marketplace');
    expect(Object.fromEntries(request!.search)).toEqual({ limit: '20', page: '1' });
    // The page's own query, with no location, search or brand chosen, finds it.
    const key = getMarketplacePinsInfiniteQueryOptions({
      lat: undefined,
      lng: undefined,
      brand: undefined,
      search: undefined,
      limit: 20,
    }).queryKey;
    await expect.poll(() => queryClient.getQueryData(key)?.pages).toHaveLength(1);
  });

  it('asks nothing of the marketplace when the browser already allows reading the position', async () => {
    const api = mockApi({ 'GET /api/user': jsonReply(401, { message: 'Not signed in' }) });
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: { getCurrentPosition: vi.fn() },
      permissions: { query: vi.fn(async () => ({ state: 'granted' })) },
    });
    startFirstRoute('/marketplace');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.requestsTo('GET', '/api/gift-cards/marketplace')).toHaveLength(0);
  });

  it('asks nothing when the page says nobody is signed in', async () => {
    const api = mockApi({ 'GET /api/user': jsonReply(401, { message: 'Not signed in' }) });
    sendWithPage({ signedIn: false });
    startFirstRoute('/social-feed');
    startFirstRoute('/marketplace');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.requests).toHaveLength(0);
  });
});
