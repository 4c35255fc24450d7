import { Globe, LoaderCircle, Navigation } from 'lucide-react';
import { type GeolocationStatus } from '@/lib/use-geolocation';
import { cn } from '@/lib/utils';

const NOTICES: Record<GeolocationStatus, string> = {
  pending: 'Finding offers near you…',
  granted: 'Showing offers near you',
  denied: 'Showing offers everywhere — allow location access to see offers near you.',
  unavailable: 'Showing offers everywhere — your location is not available.',
};

/** Says whether the offers are the ones near the consumer or from everywhere, and why. */
export function LocationNotice({ status }: { status: GeolocationStatus }) {
  const Icon = status === 'pending' ? LoaderCircle : status === 'granted' ? Navigation : Globe;
  return (
    <p role="status" className="flex items-start gap-2 text-sm text-muted-foreground">
      <Icon
        className={cn('mt-0.5 size-4 shrink-0', status === 'pending' && 'motion-safe:animate-spin')}
        aria-hidden="true"
      />
      <span>{NOTICES[status]}</span>
    </p>
  );
}
