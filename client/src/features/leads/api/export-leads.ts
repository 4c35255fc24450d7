import { type LeadStatus } from '@shared/constants';

/**
 * GET /api/business/leads/export answers a CSV file, which the browser downloads through a plain
 * link: a fetch would have to rebuild the download by hand. The link carries the same search and
 * status the table shows, so the file holds what the business is looking at (every page of it).
 */
const LEADS_EXPORT_PATH = '/api/business/leads/export';

export function leadsExportHref({ search, status }: { search?: string; status?: LeadStatus }) {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (status) params.set('status', status);
  const query = params.toString();
  return query ? `${LEADS_EXPORT_PATH}?${query}` : LEADS_EXPORT_PATH;
}
