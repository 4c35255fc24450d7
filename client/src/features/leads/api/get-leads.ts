import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type LeadStatus } from '@shared/constants';
import { type Lead } from '@shared/schema/notifications';
import { api, type ListPage } from '@/lib/api-client';

/** Every leads query lives under this key; a change to any lead refreshes them all. */
export const LEADS_QUERY_KEY = ['leads'] as const;

/** Leads a page of the table holds. */
export const LEADS_PAGE_SIZE = 10;

export type LeadsParams = {
  /** Matched by the server against name, e-mail and phone; empty means everyone. */
  search?: string;
  /** Undefined means every status. */
  status?: LeadStatus;
  page: number;
  pageSize?: number;
};

/** A page of leads, with the page it is and its size: the table's figures describe it. */
export type LeadsPage = ListPage<Lead> & { page: number; pageSize: number };

/** One page of the signed-in business's leads, filtered on the server. */
export const getLeads = async ({
  search,
  status,
  page,
  pageSize = LEADS_PAGE_SIZE,
}: LeadsParams): Promise<LeadsPage> => ({
  ...(await api.list<Lead>('/business/leads', {
    params: { search: search || undefined, status, page, pageSize },
  })),
  page,
  pageSize,
});

export const getLeadsQueryOptions = ({
  search = '',
  status,
  page,
  pageSize = LEADS_PAGE_SIZE,
}: LeadsParams) =>
  queryOptions({
    queryKey: [...LEADS_QUERY_KEY, 'list', { search, status: status ?? null, page, pageSize }],
    queryFn: () => getLeads({ search, status, page, pageSize }),
    // The table keeps the page it shows while the next one loads, instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });

export function useLeads(params: LeadsParams) {
  return useQuery(getLeadsQueryOptions(params));
}
