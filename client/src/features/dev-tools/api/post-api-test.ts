import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FRIENDS_QUERY_KEY } from '@/lib/query-client';
import { api } from '@/lib/api-client';

export type ApiTestRequest = { path: string; body: unknown };

/**
 * Sends a body as it is, unchecked, to a friends endpoint and hands back the raw answer: the test
 * page exists to see what the server says, its 400s included, so nothing is validated here.
 */
export const postApiTest = ({ path, body }: ApiTestRequest): Promise<unknown> =>
  api.post(path, body);

export function useApiTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postApiTest,
    // Whatever the answer, the friends lists elsewhere may have changed.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: FRIENDS_QUERY_KEY }),
  });
}
