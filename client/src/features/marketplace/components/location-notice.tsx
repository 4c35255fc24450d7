import { Globe, LoaderCircle, LocateFixed, Navigation } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { type GeolocationState } from '@/lib/use-geolocation';
import { cn } from '@/lib/utils';

const EVERYWHERE = 'Showing offers everywhere';

const NOTICES: Record<GeolocationState['status'], string> = {
  checking: 'Finding offers near you…',
  idle: EVERYWHERE,
  pending: 'Finding your location…',
  granted: 'Showing offers near you',
  denied:
    "Showing offers everywhere — location access is blocked. To see offers near you, allow location for this site in your browser's settings (the icon beside the address bar), then choose Use my location again.",
  unavailable: 'Showing offers everywhere — your location is not available.',
};

type LocationNoticeProps = {
  location: GeolocationState;
  /** With a known location: whether the list is limited to offers near the consumer. */
  nearby: boolean;
  onNearbyChange: (nearby: boolean) => void;
};

/**
 * Says whether the offers are the ones near the consumer or from everywhere, and why. The
 * browser is asked for the position only when the consumer chooses 'Use my location'; with a
 * known location the consumer can switch between offers nearby and everywhere.
 */
export function LocationNotice({ location, nearby, onNearbyChange }: LocationNoticeProps) {
  const { status } = location;
  const everywhereByChoice = status === 'granted' && !nearby;
  const finding = status === 'checking' || status === 'pending';
  const Icon = finding ? LoaderCircle : status === 'granted' && nearby ? Navigation : Globe;
  // Asking again helps after a refusal (once allowed in the browser) or a position not found.
  const canAsk =
    location.supported && (status === 'idle' || status === 'denied' || status === 'unavailable');

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <p role="status" className="flex items-start gap-2 text-sm text-muted-foreground">
        <Icon
          className={cn('mt-0.5 size-4 shrink-0', finding && 'motion-safe:animate-spin')}
          aria-hidden="true"
        />
        <span>{everywhereByChoice ? EVERYWHERE : NOTICES[status]}</span>
      </p>
      {canAsk && (
        <Button variant="outline" size="sm" onClick={location.request}>
          <LocateFixed aria-hidden="true" />
          Use my location
        </Button>
      )}
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
