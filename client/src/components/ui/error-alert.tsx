import { Alert, AlertDescription } from './alert';
import { Button } from './button';

type ErrorAlertProps = {
  message: string;
  /** Fetches again; the button is disabled while that runs. */
  onRetry: () => void;
  retrying?: boolean;
  /** An accessible name for the button when a page has more than one 'Try again'. */
  retryLabel?: string;
};

/** A failed load: what went wrong and a 'Try again' that refetches. */
export function ErrorAlert({ message, onRetry, retrying = false, retryLabel }: ErrorAlertProps) {
  return (
    <Alert variant="destructive">
      <AlertDescription className="flex flex-wrap items-center gap-3">
        <span>{message}</span>
        <Button
          variant="outline"
          size="sm"
          onClick={onRetry}
          disabled={retrying}
          aria-label={retryLabel}
        >
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}
