import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type PinStatus } from '@shared/constants';
import { pinsContracts } from '@shared/contracts/pins';
import { contractQuery } from '@/lib/query-client';

/** `status`: one status, or several (the pins in any of them). */
type MyPinsParams = { status?: PinStatus | readonly PinStatus[]; page: number; limit: number };

/** The signed-in business's pins, newest first. */
export const getMyPinsQueryOptions = ({ status, page, limit }: MyPinsParams) =>
  queryOptions({
    ...contractQuery(pinsContracts.mine, {
      query: {
        page,
        limit,
        // Several statuses travel as one parameter, separated by commas.
        ...(status !== undefined && {
          status: typeof status === 'string' ? status : status.join(','),
        }),
      },
    }),
    placeholderData: keepPreviousData,
  });

export function useMyPins(params: MyPinsParams) {
  return useQuery(getMyPinsQueryOptions(params));
}
