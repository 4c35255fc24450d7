import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type LeadStatus } from '@shared/constants';
import { leadsContracts } from '@shared/contracts/leads';
import { type Lead } from '@shared/schema/notifications';
import { call, type ListPage } from '@/lib/api-client';
import { queryKeyOf } from '@/lib/query-client';

/** Leads a page of the table holds. */
export const LEADS_PAGE_SIZE = 10;

export type LeadsParams = {
  /** Matched by the server against name, e-mail and phone; empty means everyone. */
  search?: string;
  /** Undefined means every status. */
  status?: LeadStatus;
  page: number;
  limit?: number;
};

/** A page of leads, with the page it is and its size: the table's figures describe it. */
export type LeadsPage = ListPage<Lead> & { page: number; limit: number };

/** The list's query: an empty search is left out, as it asks for every lead. */
const leadsInput = ({ search, status, page, limit = LEADS_PAGE_SIZE }: LeadsParams) => ({
  query: { search: search || undefined, status, page, limit },
});

/** One page of the signed-in business's leads, filtered on the server. */
export const getLeadsQueryOptions = (params: LeadsParams) => {
  const input = leadsInput(params);
  return queryOptions({
    queryKey: queryKeyOf(leadsContracts.list, input),
    queryFn: async ({ signal }): Promise<LeadsPage> => ({
      ...(await call(leadsContracts.list, input, { signal })),
      page: input.query.page,
      limit: input.query.limit,
    }),
    // The table keeps the page it shows while the next one loads, instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
};

export function useLeads(params: LeadsParams) {
  return useQuery(getLeadsQueryOptions(params));
}
