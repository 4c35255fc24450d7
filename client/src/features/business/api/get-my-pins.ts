import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type BusinessPinPage, type PinStatus } from '@shared/schema/pins';
import { api } from '@/lib/api-client';
import { PINS_QUERY_KEY } from '@/lib/query-client';

type MyPinsParams = { status?: PinStatus; page: number; limit: number };

/** The signed-in business's pins, newest first. */
export const getMyPins = (params: MyPinsParams): Promise<BusinessPinPage> =>
  api.get('/pins/mine', { params });

export const getMyPinsQueryOptions = (params: MyPinsParams) =>
  queryOptions({
    queryKey: [...PINS_QUERY_KEY, 'mine', params],
    queryFn: () => getMyPins(params),
    placeholderData: keepPreviousData,
  });

export function useMyPins(params: MyPinsParams) {
  return useQuery(getMyPinsQueryOptions(params));
}
