import { Button } from '@/components/ui/button';
import { leadPageCount, resultsSummary } from '../lib/lead-display';

type LeadsPaginationProps = {
  page: number;
  limit: number;
  total: number;
  onPageChange: (page: number) => void;
  /** True while another page loads: the buttons wait for it. */
  busy?: boolean;
};

/** 'Showing A to B of N results' with Previous and Next, which page on the server. */
export function LeadsPagination({
  page,
  limit,
  total,
  onPageChange,
  busy = false,
}: LeadsPaginationProps) {
  const pageCount = leadPageCount({ limit, total });
  return (
    <nav
      aria-label="Leads pages"
      className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
    >
      {/* A polite status: a screen reader hears the new range after Previous or Next. */}
      <p role="status" className="text-sm text-muted-foreground">
        {resultsSummary({ page, limit, total })}
      </p>
      <div className="flex gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="flex-1 sm:flex-none"
          onClick={() => onPageChange(page - 1)}
          disabled={page <= 1 || busy}
        >
          Previous
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="flex-1 sm:flex-none"
          onClick={() => onPageChange(page + 1)}
          disabled={page >= pageCount || busy}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
