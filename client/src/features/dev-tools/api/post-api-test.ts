import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ContractInput } from '@shared/contract';
import { friendsContracts } from '@shared/contracts/friends';
import { call } from '@/lib/api-client';
import { invalidate } from '@/lib/query-client';

/** The endpoints the test page tries. */
export type TestedContract = typeof friendsContracts.sendRequest | typeof friendsContracts.respond;

export type ApiTestRequest = { contract: TestedContract; body: unknown };

/**
 * Sends a body as it is, unchecked, to a friends endpoint and hands back the raw answer: the test
 * page exists to see what the server says, its 400s included, so nothing is validated here and
 * the body is not held to the contract's input type.
 */
export const postApiTest = ({ contract, body }: ApiTestRequest): Promise<unknown> =>
  call(contract, { body } as ContractInput<TestedContract>);

export function useApiTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postApiTest,
    // Whatever the answer, the friends lists elsewhere may have changed.
    onSettled: () => void invalidate(queryClient, friendsContracts),
  });
}
