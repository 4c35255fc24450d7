import { queryOptions } from '@tanstack/react-query';
import { SEARCH_MIN_LENGTH } from '@shared/constants';
import { friendsContracts } from '@shared/contracts/friends';
import { contractQuery } from '@/lib/query-client';

/** People who can be @-mentioned whose username or name starts with the query. */
export const searchMentionsQueryOptions = (query: string) =>
  queryOptions({
    ...contractQuery(friendsContracts.search, { query: { query } }),
    // A mention search runs only from 2 characters on.
    enabled: query.length >= SEARCH_MIN_LENGTH,
    staleTime: 30_000,
  });
