import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersContracts } from '@shared/contracts/users';
import { SEARCH_MIN_LENGTH } from '@shared/constants';
import { contractQuery } from '@/lib/query-client';

type UserSearchParams = { query: string; type?: 'consumer' | 'business' };

/** Users whose username or name starts with the query (the signed-in user excluded). */
export const searchUsersQueryOptions = ({ query, type }: UserSearchParams) =>
  queryOptions({
    ...contractQuery(usersContracts.search, { query: { q: query, type } }),
    // A search runs only from 2 characters on.
    enabled: query.trim().length >= SEARCH_MIN_LENGTH,
    staleTime: 30_000,
  });

/** Pass an already debounced query (500 ms after the last keystroke). */
export function useUserSearch(params: UserSearchParams) {
  return useQuery(searchUsersQueryOptions(params));
}
