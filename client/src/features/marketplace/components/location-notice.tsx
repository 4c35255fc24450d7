import { Globe, LoaderCircle, Navigation } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { type GeolocationStatus } from '@/lib/use-geolocation';
import { cn } from '@/lib/utils';

const NOTICES: Record<GeolocationStatus, string> = {
  pending: 'Finding offers near you…',
  granted: 'Showing offers near you',
  denied: 'Showing offers everywhere — allow location access to see offers near you.',
  unavailable: 'Showing offers everywhere — your location is not available.',
};

type LocationNoticeProps = {
  status: GeolocationStatus;
  /** With a known location: whether the list is limited to offers near the consumer. */
  nearby: boolean;
  onNearbyChange: (nearby: boolean) => void;
};

/**
 * Says whether the offers are the ones near the consumer or from everywhere, and why; with a
 * known location the consumer can switch between the two.
 */
export function LocationNotice({ status, nearby, onNearbyChange }: LocationNoticeProps) {
  const everywhereByChoice = status === 'granted' && !nearby;
  const Icon =
    status === 'pending' ? LoaderCircle : status === 'granted' && nearby ? Navigation : Globe;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <p role="status" className="flex items-start gap-2 text-sm text-muted-foreground">
        <Icon
          className={cn(
            'mt-0.5 size-4 shrink-0',
            status === 'pending' && 'motion-safe:animate-spin',
          )}
          aria-hidden="true"
        />
        <span>{everywhereByChoice ? 'Showing offers everywhere' : NOTICES[status]}</span>
      </p>
      {status === 'granted' && (
        <Button
          variant="link"
          size="sm"
          className="h-auto p-0"
          onClick={() => onNearbyChange(!nearby)}
        >
          {nearby ? 'Show offers everywhere' : 'Show offers near me'}
        </Button>
      )}
    </div>
  );
}
