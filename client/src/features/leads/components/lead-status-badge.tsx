import { type LeadStatus } from '@shared/constants';
import { Badge } from '@/components/ui/badge';
import { LEAD_STATUS_CLASSES } from '../lib/lead-display';

/** A lead's status in its own colour; the word itself says it, so colour is never the only cue. */
export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return <Badge className={LEAD_STATUS_CLASSES[status]}>{status}</Badge>;
}
