import { Button } from './button';

type PaginationProps = {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** True while the next page loads: the buttons wait for it. */
  busy?: boolean;
  /** The navigation's accessible name, unique on the page. */
  label?: string;
};

/** Previous / 'Page N of M' / Next under a paginated list. */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  busy = false,
  label = 'Pagination',
}: PaginationProps) {
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2">
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1 || busy}
      >
        Previous
      </Button>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Page {page} of {pageCount}
      </p>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(page + 1)}
        disabled={page >= pageCount || busy}
      >
        Next
      </Button>
    </nav>
  );
}

/** How many pages `total` items fill at `limit` a page (at least one). */
export function pageCountOf({ total, limit }: { total: number; limit: number }): number {
  return Math.max(1, Math.ceil(total / limit));
}
