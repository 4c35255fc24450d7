/** A running camera scan: stop it to release the camera. */
export type QrScan = { stop: () => void };

/** Why the camera could not scan, in words a cashier can act on. */
export type ScanProblem = 'denied' | 'no-camera' | 'failed';

export class ScanError extends Error {
  constructor(readonly problem: ScanProblem) {
    super(problem);
    this.name = 'ScanError';
  }
}

function problemOf(error: unknown): ScanProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') {
    return 'no-camera';
  }
  return 'failed';
}

/**
 * Starts the device's camera (the back one on a phone) in `video` and calls `onText` with the
 * first QR code it reads. The scanner library is loaded here, on the first scan, so it never
 * weighs on any page that does not scan; the camera is asked for only now, when the cashier
 * pressed the button. Rejects with a ScanError when there is no camera or it is refused.
 */
export async function startQrScanner(
  video: HTMLVideoElement,
  onText: (text: string) => void,
): Promise<QrScan> {
  if (!navigator.mediaDevices?.getUserMedia) throw new ScanError('no-camera');
  const { BrowserQRCodeReader } = await import('@zxing/browser');
  const reader = new BrowserQRCodeReader();
  try {
    let done = false;
    const controls = await reader.decodeFromConstraints(
      { video: { facingMode: 'environment' } },
      video,
      (result, _error, running) => {
        if (!result || done) return;
        done = true;
        running.stop();
        onText(result.getText());
      },
    );
    return { stop: () => controls.stop() };
  } catch (error) {
    throw new ScanError(problemOf(error));
  }
}
