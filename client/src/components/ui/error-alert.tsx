import { Alert, AlertDescription } from './alert';
import { Button } from './button';

type ErrorAlertProps = {
  message: string;
  /** Fetches again; without it (nothing to retry) the alert only says what went wrong. */
  onRetry?: () => void;
  /** The button is disabled while the retry runs. */
  retrying?: boolean;
  /** An accessible name for the button when a page has more than one 'Try again'. */
  retryLabel?: string;
  /** The message's id, for a field that it describes (aria-describedby). */
  messageId?: string;
  className?: string;
};

/** A failed load: what went wrong and a 'Try again' that refetches. */
export function ErrorAlert({
  message,
  onRetry,
  retrying = false,
  retryLabel,
  messageId,
  className,
}: ErrorAlertProps) {
  return (
    <Alert variant="destructive" className={className}>
      <AlertDescription className="flex flex-wrap items-center gap-3">
        <span id={messageId}>{message}</span>
        {onRetry && (
          // A button, never a submit: the alert may sit inside a form.
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={onRetry}
            disabled={retrying}
            aria-label={retryLabel}
          >
            Try again
          </Button>
        )}
      </AlertDescription>
    </Alert>
  );
}
