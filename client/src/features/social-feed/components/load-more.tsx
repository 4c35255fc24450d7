import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';

type LoadMoreProps = {
  onLoadMore: () => void;
  loading: boolean;
};

/**
 * Loads the next page when the end of the list scrolls into view (an IntersectionObserver
 * sentinel), with a visible 'Load more' button for keyboards and browsers without the observer.
 */
export function LoadMore({ onLoadMore, loading }: LoadMoreProps) {
  const sentinelRef = useRef<HTMLDivElement>(null);
  const onLoadMoreRef = useRef(onLoadMore);

  useEffect(() => {
    onLoadMoreRef.current = onLoadMore;
  }, [onLoadMore]);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMoreRef.current();
      },
      // Start a little before the end is reached, so scrolling rarely waits.
      { rootMargin: '400px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [loading]);

  return (
    <div className="grid justify-items-center gap-2">
      <div ref={sentinelRef} aria-hidden="true" className="h-px w-full" />
      <Button type="button" variant="outline" onClick={onLoadMore} disabled={loading}>
        {loading ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}
