import { type LeadStatus } from '@shared/constants';
import { leadsContracts } from '@shared/contracts/leads';
import { urlOf } from '@/lib/api-client';

/**
 * The export answers a CSV file, which the browser downloads through a plain link: a fetch would
 * have to rebuild the download by hand. The link carries the same search and status the table
 * shows, so the file holds what the business is looking at (every page of it).
 */
export function leadsExportHref({ search, status }: { search?: string; status?: LeadStatus }) {
  return urlOf(leadsContracts.export, { query: { search: search || undefined, status } });
}
