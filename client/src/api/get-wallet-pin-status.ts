import { queryOptions, useQuery } from '@tanstack/react-query';
import { type WalletPinStatus } from '@shared/schema/wallet-pin';
import { api } from '@/lib/api-client';

/** Whether the consumer has a wallet PIN (and whether it is locked): Settings and Use Card read it. */
export const WALLET_PIN_QUERY_KEY = ['wallet-pin'] as const;

export const getWalletPinStatus = (): Promise<WalletPinStatus> => api.get('/user/wallet-pin');

export const getWalletPinStatusQueryOptions = () =>
  queryOptions({ queryKey: WALLET_PIN_QUERY_KEY, queryFn: getWalletPinStatus });

export function useWalletPinStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getWalletPinStatusQueryOptions(), enabled });
}
