import { Suspense, useId, type ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { cn } from '@/lib/utils';

/** The chart's data as a table: its text alternative. */
export type ChartTable = {
  columns: string[];
  /** One row per datum, in the chart's order; the first cell names the row. */
  rows: Array<{ key: string; cells: ReactNode[] }>;
};

/** What a chart card reads of its query (a react-query result fits). */
export type ChartQuery = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
};

type ChartCardProps = {
  title: string;
  /** The heading level that fits the page outline. */
  headingLevel?: 'h2' | 'h3';
  /** What the chart covers (its period, its unit). */
  description?: string;
  query: ChartQuery;
  /** Nothing to draw yet: the card says what will appear instead. */
  isEmpty: boolean;
  emptyText: string;
  /** One line that says what the chart shows, for everyone. */
  summary: string;
  table: ChartTable;
  /** The chart (lazily loaded), drawn when there is data. */
  children: ReactNode;
  chartHeight?: number;
  className?: string;
};

/**
 * A chart with everything around it: a heading, a one-line summary, the drawing, and the same data
 * as a table behind "Show as table" (what screen readers and keyboard users read, the drawing
 * being hidden from them); a skeleton while loading, an error with a retry, and an empty state
 * that says what will appear.
 */
export function ChartCard({
  title,
  headingLevel = 'h3',
  description,
  query,
  isEmpty,
  emptyText,
  summary,
  table,
  children,
  chartHeight = 260,
  className,
}: ChartCardProps) {
  const headingId = useId();
  const chartSkeleton = <Skeleton className="w-full" style={{ height: chartHeight }} />;

  return (
    <Card role="region" aria-labelledby={headingId} className={cn('min-w-0', className)}>
      <CardHeader>
        <CardTitle as={headingLevel} id={headingId}>
          {title}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isPending ? (
          <div role="status" aria-label={`Loading ${title}`}>
            {chartSkeleton}
          </div>
        ) : query.isError ? (
          <ErrorAlert
            message="Failed to load this chart. Please try again."
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
            retryLabel={`Try again: ${title}`}
          />
        ) : isEmpty ? (
          <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
            {emptyText}
          </p>
        ) : (
          <>
            <p className="text-sm">{summary}</p>
            {/* The drawing repeats the table below, so assistive technology skips it. */}
            <div aria-hidden="true" className="w-full" style={{ height: chartHeight }}>
              <Suspense fallback={chartSkeleton}>{children}</Suspense>
            </div>
            <details className="text-sm">
              <summary className="cursor-pointer font-medium text-primary underline-offset-4 hover:underline">
                Show as table
              </summary>
              <Table aria-label={title} className="mt-2">
                <TableHeader>
                  <TableRow>
                    {table.columns.map((column, index) => (
                      <TableHead key={column} className={index > 0 ? 'text-right' : undefined}>
                        {column}
                      </TableHead>
                    ))}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {table.rows.map((row) => (
                    <TableRow key={row.key}>
                      {row.cells.map((cell, index) =>
                        index === 0 ? (
                          <TableHead
                            key={index}
                            scope="row"
                            className="font-normal text-foreground"
                          >
                            {cell}
                          </TableHead>
                        ) : (
                          <TableCell key={index} className="py-2 text-right tabular-nums">
                            {cell}
                          </TableCell>
                        ),
                      )}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </details>
          </>
        )}
      </CardContent>
    </Card>
  );
}
