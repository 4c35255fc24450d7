import { type PinStatus } from '@shared/constants';
import { Badge } from '@/components/ui/badge';

/** How the dashboard names each status. */
export const PIN_STATUS_LABELS: Record<PinStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  exhausted: 'Sold out',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

const VARIANTS = {
  active: 'success',
  paused: 'warning',
  exhausted: 'secondary',
  expired: 'outline',
  cancelled: 'outline',
} as const satisfies Record<PinStatus, string>;

export function PinStatusBadge({ status }: { status: PinStatus }) {
  return <Badge variant={VARIANTS[status]}>{PIN_STATUS_LABELS[status]}</Badge>;
}
