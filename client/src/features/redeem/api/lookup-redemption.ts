import { useMutation } from '@tanstack/react-query';
import { redemptionsContracts } from '@shared/contracts/redemptions';
import { type RedemptionLookupInput } from '@shared/schema/gift-cards';
import { call } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

/** The card behind a customer's code, as the cashier sees it; nothing changes. */
export const lookupRedemption = (input: RedemptionLookupInput) =>
  call(redemptionsContracts.lookup, { body: input });

type UseLookupRedemptionOptions = { mutationConfig?: MutationConfig<typeof lookupRedemption> };

/** A mutation, not a query: each look-up is a deliberate act that counts against code misses. */
export function useLookupRedemption({ mutationConfig }: UseLookupRedemptionOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: lookupRedemption });
}
