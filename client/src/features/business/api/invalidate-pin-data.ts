import { type QueryClient } from '@tanstack/react-query';
import { chartsContracts } from '@shared/contracts/charts';
import { pinsContracts } from '@shared/contracts/pins';
import { invalidateWallet } from '@/api/get-wallet';
import { invalidate } from '@/lib/query-client';

/**
 * Creating, changing or cancelling a pin moves money: the pins, the statistics and charts, and
 * everything the wallet shows all change.
 */
export function invalidatePinData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    invalidate(queryClient, pinsContracts, chartsContracts),
    invalidateWallet(queryClient),
  ]);
}
