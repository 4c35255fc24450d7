import { Download, Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { type LeadStatus } from '@shared/constants';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { paths } from '@/lib/paths';
import { LEADS_PAGE_SIZE, useLeads } from '../api/get-leads';
import { leadsExportHref } from '../api/export-leads';
import { DeleteLeadDialog } from '../components/delete-lead-dialog';
import { LeadFormDialog } from '../components/lead-form-dialog';
import { LeadsFilters } from '../components/leads-filters';
import { LeadsPagination } from '../components/leads-pagination';
import { LeadsTable } from '../components/leads-table';
import {
  leadPageCount,
  LEADS_LOAD_ERROR,
  type LeadRow,
  NO_LEADS_MESSAGE,
  NO_MATCHING_LEADS_MESSAGE,
  toLeadRows,
} from '../lib/lead-display';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** How long the search box waits after the last keystroke before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 400;

/** A dialog keeps its lead while it animates closed. */
type DialogState = { open: boolean; lead?: LeadRow };

/** The lead a link asks for (/leads?lead={id}), or null. */
function linkedLeadId(search: string): number | null {
  const value = Number(new URLSearchParams(search).get('lead'));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * The business's customer leads (businesses only): search, status filter, server-side pages,
 * Add / Edit / Delete and a CSV export of exactly what the filters show.
 */
export function LeadsPage() {
  const [searchText, setSearchText] = useState('');
  const [status, setStatus] = useState<LeadStatus | undefined>(undefined);
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);

  // The page belongs to the filters it was chosen under: new filters start again at page 1.
  const filterKey = JSON.stringify([status ?? null, search]);
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filterKey, page: next });

  const [formDialog, setFormDialog] = useState<DialogState>({ open: false });
  const [deleteDialog, setDeleteDialog] = useState<DialogState>({ open: false });
  const [highlightedId, setHighlightedId] = useState<number | null>(null);

  const { data, isPending, isError, isPlaceholderData, isFetching, refetch, isRefetching } =
    useLeads({ search, status, page, limit: LEADS_PAGE_SIZE });
  const rows = useMemo(() => (data ? toLeadRows(data.items) : null), [data]);
  const total = data?.total ?? 0;
  const filtered = search !== '' || status !== undefined;

  // After deleting the last lead of the last page, step back to the page that now is the last.
  const pageCount = leadPageCount({ limit: LEADS_PAGE_SIZE, total });
  useEffect(() => {
    if (data && !isPlaceholderData && total > 0 && page > pageCount) {
      setPaging({ filterKey, page: pageCount });
    }
  }, [data, isPlaceholderData, total, page, pageCount, filterKey]);

  // /leads?lead={id} (a 'View Lead' notification) opens that lead once its page has loaded. A lead
  // that is not among the loaded ones is left alone; either way the link is used up.
  const linkedId = linkedLeadId(useSearch());
  const [, navigate] = useLocation();
  useEffect(() => {
    if (linkedId === null || !rows || isPlaceholderData) return;
    const lead = rows.find((row) => row.id === linkedId);
    if (lead) {
      setHighlightedId(lead.id);
      setFormDialog({ open: true, lead });
    }
    navigate(paths.leads, { replace: true });
  }, [linkedId, rows, isPlaceholderData, navigate]);

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Customer Leads</h1>
        <div className="flex flex-wrap gap-2">
          <a
            href={leadsExportHref({ search, status })}
            download="leads.csv"
            className={buttonVariants({ variant: 'outline' })}
          >
            <Download aria-hidden="true" />
            Export CSV
          </a>
          <Button type="button" onClick={() => setFormDialog({ open: true })}>
            <Plus aria-hidden="true" />
            Add Lead
          </Button>
        </div>
      </div>

      <LeadsFilters
        search={searchText}
        onSearchChange={setSearchText}
        status={status}
        onStatusChange={setStatus}
      />

      {isError ? (
        <ErrorAlert
          message={LEADS_LOAD_ERROR}
          onRetry={() => void refetch()}
          retrying={isRefetching}
        />
      ) : (
        <Card className="grid min-w-0 gap-4 overflow-hidden pb-4">
          {isPending && (
            <p role="status" className="sr-only">
              Loading leads...
            </p>
          )}
          <LeadsTable
            rows={rows}
            emptyMessage={filtered ? NO_MATCHING_LEADS_MESSAGE : NO_LEADS_MESSAGE}
            highlightedId={highlightedId}
            onEdit={(lead) => setFormDialog({ open: true, lead })}
            onDelete={(lead) => setDeleteDialog({ open: true, lead })}
          />
          {data && (
            <div className="px-3">
              {/* The figures describe the rows on screen, which stay put while the next page loads. */}
              <LeadsPagination
                page={data.page}
                limit={data.limit}
                total={total}
                onPageChange={(next) => setPage(next)}
                busy={isPlaceholderData && isFetching}
              />
            </div>
          )}
        </Card>
      )}

      <LeadFormDialog
        open={formDialog.open}
        onOpenChange={(open) => setFormDialog((current) => ({ ...current, open }))}
        lead={formDialog.lead}
      />
      <DeleteLeadDialog
        open={deleteDialog.open}
        onOpenChange={(open) => setDeleteDialog((current) => ({ ...current, open }))}
        lead={deleteDialog.lead}
      />
    </div>
  );
}
