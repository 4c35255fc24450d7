import { useMutation } from '@tanstack/react-query';
import { type RedemptionLookup, type RedemptionLookupInput } from '@shared/schema/gift-cards';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

/** The card behind a customer's code, as the cashier sees it; nothing changes. */
export const lookupRedemption = (input: RedemptionLookupInput): Promise<RedemptionLookup> =>
  api.post('/redemptions/lookup', input);

type UseLookupRedemptionOptions = { mutationConfig?: MutationConfig<typeof lookupRedemption> };

/** A mutation, not a query: each look-up is a deliberate act that counts against code misses. */
export function useLookupRedemption({ mutationConfig }: UseLookupRedemptionOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: lookupRedemption });
}
