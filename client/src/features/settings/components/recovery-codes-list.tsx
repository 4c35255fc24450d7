import { Copy, Download } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';

type RecoveryCodesListProps = { codes: string[] };

/**
 * Recovery codes, shown this once (the server keeps only their hashes): to copy, download or
 * write down, each good for one sign-in without the authenticator app.
 */
export function RecoveryCodesList({ codes }: RecoveryCodesListProps) {
  const text = `mark.it recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => toast({ title: 'Recovery codes copied' }),
      () =>
        toast({
          variant: 'destructive',
          title: 'Failed to copy',
          description: 'Please download them or write them down.',
        }),
    );

  return (
    <div className="grid gap-4">
      <Alert>
        <AlertDescription>
          Save these recovery codes somewhere safe, such as a password manager. If you lose your
          phone, each code signs you in once. They will not be shown again.
        </AlertDescription>
      </Alert>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-md border bg-muted/40 p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          Copy codes
        </Button>
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="mark.it-recovery-codes.txt"
          className={cn(buttonVariants({ variant: 'outline' }))}
        >
          <Download aria-hidden="true" />
          Download codes
        </a>
      </div>
    </div>
  );
}
