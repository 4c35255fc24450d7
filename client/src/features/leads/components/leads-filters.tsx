import { Search } from 'lucide-react';
import { useId } from 'react';
import { LEAD_LIMITS, LEAD_STATUSES, type LeadStatus } from '@shared/constants';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { isLeadStatus } from '../lib/lead-display';

export const SEARCH_PLACEHOLDER = 'Search leads...';

type LeadsFiltersProps = {
  search: string;
  onSearchChange: (search: string) => void;
  /** Undefined means All. */
  status: LeadStatus | undefined;
  onStatusChange: (status: LeadStatus | undefined) => void;
};

/** The search box and the status filter (All, New, Contacted, Qualified, Converted). */
export function LeadsFilters({
  search,
  onSearchChange,
  status,
  onStatusChange,
}: LeadsFiltersProps) {
  const statusId = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="relative min-w-0 flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label={SEARCH_PLACEHOLDER}
          placeholder={SEARCH_PLACEHOLDER}
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          autoComplete="off"
          maxLength={LEAD_LIMITS.searchMax}
          className="pl-9"
        />
      </div>
      <div className="flex items-center gap-2 sm:w-52">
        <Label htmlFor={statusId} className="shrink-0">
          Status
        </Label>
        <div className="min-w-0 flex-1">
          <NativeSelect
            id={statusId}
            value={status ?? ''}
            onChange={(event) =>
              onStatusChange(isLeadStatus(event.target.value) ? event.target.value : undefined)
            }
          >
            <option value="">All</option>
            {LEAD_STATUSES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
    </div>
  );
}
