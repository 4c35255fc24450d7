import { queryOptions, useQuery } from '@tanstack/react-query';
import { walletPinContracts } from '@shared/contracts/wallet-pin';
import { contractQuery } from '@/lib/query-client';

/** Whether the consumer has a wallet PIN (and whether it is locked): Settings and Use Card read it. */
export const getWalletPinStatusQueryOptions = () =>
  queryOptions(contractQuery(walletPinContracts.status));

export function useWalletPinStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getWalletPinStatusQueryOptions(), enabled });
}
