import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
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
import { type LeadRow, PHONE_NOT_SHARED } from '../lib/lead-display';
import { LeadStatusBadge } from './lead-status-badge';

type LeadsTableProps = {
  /** Null while the first page loads: skeleton rows stand in. */
  rows: readonly LeadRow[] | null;
  /** What an empty table says. */
  emptyMessage: string;
  /** A lead opened from a link (/leads?lead={id}), shown highlighted. */
  highlightedId?: number | null;
  onEdit: (lead: LeadRow) => void;
  onDelete: (lead: LeadRow) => void;
};

const SKELETON_ROWS = 5;
const COLUMN_COUNT = 5;

/** On a phone the actions stack, smaller, so both keep their words in a narrow column. */
const actionClass = 'h-8 w-full px-2 text-xs sm:h-9 sm:w-auto sm:px-3 sm:text-sm';

/** Contact and Source are their own columns from sm up; on a phone they fold under the name. */
const wideOnly = 'hidden sm:table-cell';

/**
 * The business's leads: Name, Contact (email and phone), Status badge, Source, and Edit
 * and Delete. Fixed column widths keep it inside a 375 px screen without sideways scrolling.
 */
export function LeadsTable({
  rows,
  emptyMessage,
  highlightedId,
  onEdit,
  onDelete,
}: LeadsTableProps) {
  return (
    <Table aria-label="Leads" className="table-fixed">
      <TableHeader>
        <TableRow>
          <TableHead scope="col" className="px-2 sm:px-3">
            Name
          </TableHead>
          <TableHead scope="col" className={cn(wideOnly, 'px-3')}>
            Contact
          </TableHead>
          <TableHead scope="col" className="w-28 px-2 sm:px-3">
            Status
          </TableHead>
          <TableHead scope="col" className={cn(wideOnly, 'w-32 px-3 lg:w-44')}>
            Source
          </TableHead>
          <TableHead scope="col" className="w-28 px-2 text-right sm:w-48 sm:px-3">
            Actions
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows === null ? (
          Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <TableRow key={index} aria-hidden="true">
              <TableCell className="px-2 sm:px-3">
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="mt-2 h-3 w-1/2 sm:hidden" />
              </TableCell>
              <TableCell className={cn(wideOnly, 'px-3')}>
                <Skeleton className="h-4 w-3/4" />
              </TableCell>
              <TableCell className="px-2 sm:px-3">
                <Skeleton className="h-5 w-16 rounded-full" />
              </TableCell>
              <TableCell className={cn(wideOnly, 'px-3')}>
                <Skeleton className="h-4 w-2/3" />
              </TableCell>
              <TableCell className="px-2 sm:px-3">
                <Skeleton className="ml-auto h-9 w-20 sm:w-36" />
              </TableCell>
            </TableRow>
          ))
        ) : rows.length === 0 ? (
          <TableRow>
            <TableCell colSpan={COLUMN_COUNT} className="py-10 text-center text-muted-foreground">
              {emptyMessage}
            </TableCell>
          </TableRow>
        ) : (
          rows.map((lead) => {
            const highlighted = lead.id === highlightedId;
            return (
              <TableRow
                key={lead.id}
                data-highlighted={highlighted ? 'true' : undefined}
                className={cn(highlighted && 'bg-primary/10 hover:bg-primary/15')}
              >
                <TableCell className="px-2 sm:px-3">
                  <div className="grid min-w-0">
                    <span className="truncate font-medium" title={lead.name}>
                      {lead.name}
                    </span>
                    <div className="grid min-w-0 text-xs text-muted-foreground sm:hidden">
                      <ContactLines lead={lead} />
                      <span className="truncate" title={lead.source}>
                        <span className="sr-only">Source: </span>
                        {lead.source}
                      </span>
                    </div>
                  </div>
                </TableCell>
                <TableCell className={cn(wideOnly, 'px-3')}>
                  <div className="grid min-w-0 text-muted-foreground">
                    <ContactLines lead={lead} />
                  </div>
                </TableCell>
                <TableCell className="px-2 sm:px-3">
                  <LeadStatusBadge status={lead.status} />
                </TableCell>
                <TableCell className={cn(wideOnly, 'px-3')}>
                  <span className="block truncate" title={lead.source}>
                    {lead.source}
                  </span>
                </TableCell>
                <TableCell className="px-2 sm:px-3">
                  <div className="flex flex-col gap-1 sm:flex-row sm:justify-end sm:gap-2">
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      className={actionClass}
                      aria-label={`Edit ${lead.name}`}
                      onClick={() => onEdit(lead)}
                    >
                      <Pencil aria-hidden="true" />
                      Edit
                    </Button>
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      className={cn(actionClass, 'text-destructive hover:text-destructive')}
                      aria-label={`Delete ${lead.name}`}
                      onClick={() => onDelete(lead)}
                    >
                      <Trash2 aria-hidden="true" />
                      Delete
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            );
          })
        )}
      </TableBody>
    </Table>
  );
}

/**
 * The lead's e-mail and phone, each on its own line; a dash when there is neither. A missing phone
 * says so: a customer who claims a pin chooses whether to give it.
 */
function ContactLines({ lead }: { lead: LeadRow }) {
  if (!lead.email && !lead.phone) {
    return (
      <span>
        <span aria-hidden="true">—</span>
        <span className="sr-only">No contact details</span>
      </span>
    );
  }
  return (
    <>
      {lead.email && (
        <a href={`mailto:${lead.email}`} className="truncate hover:underline" title={lead.email}>
          {lead.email}
        </a>
      )}
      {lead.phone ? (
        <a href={`tel:${lead.phone}`} className="truncate hover:underline" title={lead.phone}>
          {lead.phone}
        </a>
      ) : (
        <span className="truncate italic">{PHONE_NOT_SHARED}</span>
      )}
    </>
  );
}
