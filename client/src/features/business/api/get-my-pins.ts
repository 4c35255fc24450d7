import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type PinStatus } from '@shared/constants';
import { type BusinessPin } from '@shared/schema/pins';
import { api, type ListPage } from '@/lib/api-client';
import { PINS_QUERY_KEY } from '@/lib/query-client';

/** `status`: one status, or several (the pins in any of them). */
type MyPinsParams = { status?: PinStatus | readonly PinStatus[]; page: number; limit: number };

/** The signed-in business's pins, newest first. */
export const getMyPins = ({ status, ...params }: MyPinsParams): Promise<ListPage<BusinessPin>> =>
  api.list('/pins/mine', {
    params: {
      ...params,
      ...(status === undefined
        ? {}
        : { status: typeof status === 'string' ? status : status.join(',') }),
    },
  });

export const getMyPinsQueryOptions = (params: MyPinsParams) =>
  queryOptions({
    queryKey: [...PINS_QUERY_KEY, 'mine', params],
    queryFn: () => getMyPins(params),
    placeholderData: keepPreviousData,
  });

export function useMyPins(params: MyPinsParams) {
  return useQuery(getMyPinsQueryOptions(params));
}
