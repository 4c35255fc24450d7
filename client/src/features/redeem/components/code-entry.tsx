import { zodResolver } from '@hookform/resolvers/zod';
import { ScanLine } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import {
  REDEMPTION_CODE,
  type RedemptionLookup,
  type RedemptionLookupInput,
  redemptionLookupSchema,
} from '@shared/schema/gift-cards';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { TextField } from '@/components/ui/text-field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useLookupRedemption } from '../api/lookup-redemption';
import { QrScannerPanel } from './qr-scanner-panel';

type CodeEntryProps = {
  /** A code to look up at once (the QR's link opened this page, or the code was just refused). */
  initialCode?: string | null;
  /** Why the last card went back to this step (its code expired or was used meanwhile). */
  notice?: string | null;
  onFound: (code: string, lookup: RedemptionLookup) => void;
};

/** The customer's code: scanned with the camera, or typed; then the card behind it is looked up. */
export function CodeEntry({ initialCode = null, notice = null, onFound }: CodeEntryProps) {
  const [scanning, setScanning] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; otherBrand: boolean } | null>(null);
  const form = useForm<RedemptionLookupInput, unknown, { code: string }>({
    resolver: zodResolver(redemptionLookupSchema),
    defaultValues: { code: initialCode ?? '' },
  });
  const lookup = useLookupRedemption({
    mutationConfig: {
      onSuccess: (found, input) => onFound(String(input.code), found),
      onError: (error) =>
        setRefusal({
          message: errorMessage(error, 'Failed to look up the card. Please try again.'),
          // Only a brand the business could add in Settings gets the way there; a promotional
          // card of another business is refused whatever it accepts.
          otherBrand: error instanceof ApiError && error.code === 'BRAND_NOT_ACCEPTED',
        }),
    },
  });
  const submit = form.handleSubmit(({ code }) => {
    setRefusal(null);
    lookup.mutate({ code });
  });

  // A link with ?code= (the customer's QR read by the phone's own camera) is looked up at once.
  const linked = useRef(initialCode);
  useEffect(() => {
    if (linked.current) void submit();
    linked.current = null;
  }, [submit]);

  return (
    <div className="grid gap-4">
      {notice && !refusal && (
        <Alert>
          <AlertDescription>{notice}</AlertDescription>
        </Alert>
      )}
      {scanning ? (
        <QrScannerPanel
          onClose={() => setScanning(false)}
          onScan={(text) => {
            setScanning(false);
            form.setValue('code', text);
            void submit();
          }}
        />
      ) : (
        <Button type="button" variant="outline" onClick={() => setScanning(true)}>
          <ScanLine aria-hidden="true" />
          Scan QR Code
        </Button>
      )}
      <Form {...form}>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <TextField
            control={form.control}
            name="code"
            label="Card code"
            placeholder="K3QF-8ZT2"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={REDEMPTION_CODE.typedMax}
            className="font-mono uppercase"
          />
          {refusal && (
            <Alert variant="destructive">
              <AlertDescription>
                {refusal.message}
                {refusal.otherBrand && (
                  <>
                    {' '}
                    <Link href={`${paths.settings}#accepted-brands`} className="underline">
                      Choose the brands you accept
                    </Link>
                  </>
                )}
              </AlertDescription>
            </Alert>
          )}
          <Button type="submit" disabled={lookup.isPending}>
            {lookup.isPending ? 'Finding card...' : 'Find Card'}
          </Button>
        </form>
      </Form>
    </div>
  );
}
