import { queryOptions } from '@tanstack/react-query';
import { SEARCH_MIN_LENGTH } from '@shared/constants';
import { type MentionCandidate } from '@shared/schema/friends';
import { api } from '@/lib/api-client';

/** People who can be @-mentioned whose username or name starts with the query. */
export const searchMentions = ({ query }: { query: string }): Promise<MentionCandidate[]> =>
  api.get('/friends/search', { params: { query } });

export const searchMentionsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['friends', 'search', { query }],
    queryFn: () => searchMentions({ query }),
    // A mention search runs only from 2 characters on.
    enabled: query.length >= SEARCH_MIN_LENGTH,
    staleTime: 30_000,
  });
