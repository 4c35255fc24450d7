import { useEffect, useRef, useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { type QrScan, ScanError, type ScanProblem, startQrScanner } from '../lib/start-qr-scanner';

const PROBLEM_MESSAGES: Record<ScanProblem, string> = {
  denied:
    "Camera access was denied. Allow the camera for this site in your browser's settings, or type the code instead.",
  'no-camera': 'No camera is available on this device. Type the code instead.',
  failed: 'The camera could not be started. Type the code instead.',
};

type QrScannerPanelProps = {
  /** The text of the first QR code read; the camera is released before this is called. */
  onScan: (text: string) => void;
  onClose: () => void;
};

/**
 * The camera's picture while it looks for the customer's QR code. Mounted when the cashier
 * presses 'Scan QR Code', so the browser asks for the camera only then; unmounting releases it.
 */
export function QrScannerPanel({ onScan, onClose }: QrScannerPanelProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<ScanProblem | null>(null);
  const [starting, setStarting] = useState(true);
  const scanned = useRef(onScan);
  useEffect(() => {
    scanned.current = onScan;
  });

  useEffect(() => {
    let scan: QrScan | null = null;
    let stopped = false;
    const element = video.current;
    if (!element) return;
    startQrScanner(element, (text) => scanned.current(text)).then(
      (started) => {
        if (stopped) started.stop();
        else {
          scan = started;
          setStarting(false);
        }
      },
      (error: unknown) => {
        if (stopped) return;
        setStarting(false);
        setProblem(error instanceof ScanError ? error.problem : 'failed');
      },
    );
    return () => {
      stopped = true;
      scan?.stop();
    };
  }, []);

  return (
    <div className="grid gap-3">
      {problem ? (
        <Alert variant="destructive">
          <AlertDescription>{PROBLEM_MESSAGES[problem]}</AlertDescription>
        </Alert>
      ) : (
        <div className="relative overflow-hidden rounded-lg border bg-black">
          <video
            ref={video}
            muted
            playsInline
            aria-label="Camera: point it at the customer's QR code"
            className="aspect-square w-full object-cover sm:aspect-video"
          />
          {starting && (
            <p
              role="status"
              className="absolute inset-0 grid place-items-center text-sm text-white"
            >
              Starting the camera...
            </p>
          )}
        </div>
      )}
      <Button type="button" variant="outline" onClick={onClose}>
        {problem ? 'Close' : 'Stop Scanning'}
      </Button>
    </div>
  );
}
