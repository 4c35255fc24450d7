import { queryOptions, useQuery } from '@tanstack/react-query';
import { SEARCH_MIN_LENGTH } from '@shared/constants';
import { type UserSearchResult } from '@shared/schema/gift-cards';
import { api } from '@/lib/api-client';
import { USER_SEARCH_QUERY_KEY } from '@/lib/query-client';

type UserSearchParams = { query: string; type?: 'consumer' | 'business' };

/** Users whose username or name starts with the query (the signed-in user excluded). */
export const searchUsers = ({ query, type }: UserSearchParams): Promise<UserSearchResult[]> =>
  api.get('/users/search', { params: { q: query, type } });

export const searchUsersQueryOptions = (params: UserSearchParams) =>
  queryOptions({
    queryKey: [...USER_SEARCH_QUERY_KEY, params],
    queryFn: () => searchUsers(params),
    // A search runs only from 2 characters on.
    enabled: params.query.trim().length >= SEARCH_MIN_LENGTH,
    staleTime: 30_000,
  });

/** Pass an already debounced query (500 ms after the last keystroke). */
export function useUserSearch(params: UserSearchParams) {
  return useQuery(searchUsersQueryOptions(params));
}
