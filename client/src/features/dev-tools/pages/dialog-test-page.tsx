import { ArrowLeft } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/lib/paths';
import {
  describeDialogEvent,
  SampleDialog,
  type SampleDialogEvent,
} from '../components/sample-dialog';

const DIALOG_OPEN = 'The dialog is open';

/** /dialog-test: open a sample dialog and see how it was closed. */
export function DialogTestPage() {
  const [result, setResult] = useState('None yet');

  const onEvent = (event: SampleDialogEvent) => {
    if (event.type === 'opened') {
      setResult(DIALOG_OPEN);
    } else if (event.type === 'confirmed' || event.type === 'cancelled') {
      setResult(describeDialogEvent(event));
    } else if (event.type === 'escape-pressed' || event.type === 'clicked-outside') {
      setResult(`Dismissed: ${describeDialogEvent(event)}`);
    } else if (event.type === 'closed') {
      // Nothing else said how it closed: it was the Close button.
      setResult((current) => (current === DIALOG_OPEN ? 'Closed with the Close button' : current));
    }
  };

  return (
    <div className="mx-auto grid w-full max-w-2xl grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Dialog Test</h1>
        <p className="text-muted-foreground">
          Opens a sample dialog: focus moves into it and stays there while tabbing, Escape or a
          button closes it, and focus comes back to the button that opened it.
        </p>
      </div>
      <Card>
        <CardContent className="grid justify-items-start gap-4 p-6">
          <SampleDialog onEvent={onEvent} />
          <p role="status" className="text-sm">
            Last result: {result}
          </p>
        </CardContent>
      </Card>
    </div>
  );
}

type LogEntry = { id: number; time: string; text: string };

/**
 * /dialog-debug: the same sample dialog with every event Radix reports written to a log,
 * to see what happens on open, Escape, an outside click and close.
 */
export function DialogDebugPage() {
  const nextId = useRef(1);
  const [open, setOpen] = useState(false);
  const [timesOpened, setTimesOpened] = useState(0);
  const [log, setLog] = useState<LogEntry[]>([]);

  const onEvent = (event: SampleDialogEvent) => {
    if (event.type === 'opened') {
      setOpen(true);
      setTimesOpened((count) => count + 1);
    } else if (event.type === 'closed') {
      setOpen(false);
    }
    const entry: LogEntry = {
      id: nextId.current++,
      time: new Date().toLocaleTimeString('en-US', { hour12: false }),
      text: describeDialogEvent(event),
    };
    setLog((entries) => [...entries, entry]);
  };

  return (
    <div className="mx-auto grid w-full max-w-2xl grid-cols-1 gap-6">
      <div className="grid gap-3">
        <Link
          href={paths.business}
          className="inline-flex w-fit items-center gap-2 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Business
        </Link>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Dialog Debug</h1>
        <p className="text-muted-foreground">
          Every event of the sample dialog is logged below, in order.
        </p>
      </div>

      <Card>
        <CardContent className="grid gap-4 p-6">
          <div className="flex flex-wrap items-center gap-3">
            <SampleDialog onEvent={onEvent} />
            <Button
              type="button"
              variant="outline"
              disabled={log.length === 0}
              onClick={() => setLog([])}
            >
              Clear log
            </Button>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Open</dt>
            <dd>{open ? 'Yes' : 'No'}</dd>
            <dt className="text-muted-foreground">Times opened</dt>
            <dd>{timesOpened}</dd>
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Event log</CardTitle>
        </CardHeader>
        <CardContent>
          {log.length === 0 ? (
            <p className="text-sm text-muted-foreground">No events yet. Open the dialog.</p>
          ) : (
            <ol aria-label="Dialog events" className="grid gap-1 font-mono text-xs">
              {log.map((entry) => (
                <li key={entry.id} className="break-words">
                  <span className="text-muted-foreground">{entry.time}</span> {entry.text}
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
