import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentSettingsContracts } from '@shared/contracts/payment-settings';
import { contractQuery } from '@/lib/query-client';

/**
 * The signed-in user's saved cards, the default first, then the newest: Payment Settings, Add
 * Funds and gift payments all read it.
 */
export const getSavedCardsQueryOptions = () =>
  queryOptions(contractQuery(paymentSettingsContracts.cards));

/** `enabled: false` for a guest, who has no saved cards to ask for. */
export function useSavedCards({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getSavedCardsQueryOptions(), enabled });
}
