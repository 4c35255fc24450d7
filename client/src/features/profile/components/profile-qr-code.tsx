import { useState } from 'react';
import { cn } from '@/lib/utils';
import { profileQrCodeUrl } from '../api/get-profile-qr-code';

type ProfileQrCodeProps = { username: string; name: string; className?: string };

/** The profile's QR code captioned 'Scan to Connect!', or the failure message. */
export function ProfileQrCode({ username, name, className }: ProfileQrCodeProps) {
  const source = profileQrCodeUrl(username);
  const [failedSource, setFailedSource] = useState<string | null>(null);

  if (failedSource === source) {
    return (
      <p
        role="alert"
        className={cn(
          'flex items-center justify-center rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground',
          className,
        )}
      >
        Unable to load QR code. Please try refreshing the page.
      </p>
    );
  }

  return (
    <figure className="grid justify-items-center gap-2">
      <img
        src={source}
        alt={`QR code linking to ${name}'s profile`}
        loading="lazy"
        decoding="async"
        width={256}
        height={256}
        className={cn('rounded-md border bg-white p-2', className)}
        onError={() => setFailedSource(source)}
      />
      <figcaption className="text-sm font-medium">Scan to Connect!</figcaption>
    </figure>
  );
}
