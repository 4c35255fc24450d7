import { type UseMutationResult } from '@tanstack/react-query';
import { useId } from 'react';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';

type ApiAnswerProps = {
  /** What the form asked, e.g. 'POST /api/friends/request'. */
  request: string;
  call: Pick<UseMutationResult<unknown, Error, never>, 'status' | 'data' | 'error'>;
};

/** The JSON answer of a call, or its status and message when it failed, exactly as received. */
export function ApiAnswer({ request, call: { status, data, error } }: ApiAnswerProps) {
  const captionId = useId();
  const isError = status === 'error';
  let text = 'No request sent yet.';
  if (status === 'pending') text = 'Sending...';
  else if (status === 'success')
    text = data === undefined ? '(empty answer)' : JSON.stringify(data, null, 2);
  else if (isError) text = describeError(error);

  return (
    <figure aria-labelledby={captionId} className="grid min-w-0 gap-1">
      <figcaption id={captionId} className="text-sm font-medium">
        Answer to <code>{request}</code>
      </figcaption>
      <pre
        aria-live="polite"
        className={cn(
          'max-h-72 overflow-auto rounded-md border bg-muted p-3 font-mono text-xs whitespace-pre-wrap break-all',
          isError && 'border-destructive text-destructive',
        )}
      >
        {text}
      </pre>
    </figure>
  );
}

function describeError(error: Error | null): string {
  if (error instanceof ApiError) {
    const status = error.status === 0 ? 'Network error' : `Error ${error.status}`;
    const details = Object.keys(error.errors).length
      ? `\n${JSON.stringify(error.errors, null, 2)}`
      : '';
    return `${status}: ${error.message || '(no message)'}${details}`;
  }
  return error?.message || 'Unknown error';
}
