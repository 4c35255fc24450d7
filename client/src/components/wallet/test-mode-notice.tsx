import { FlaskConical } from 'lucide-react';
import { type ReactNode } from 'react';
import { usePaymentConfig } from '@/api/payments/get-payment-config';

/**
 * Says plainly that no real money moves while payments go through the test-mode provider; with a
 * live processor it says nothing.
 */
export function TestModeNotice({ children }: { children: ReactNode }) {
  const { data: config } = usePaymentConfig();
  if (config?.mode !== 'test') return null;
  return (
    <div className="flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-semibold">Test mode</p>
        {children}
      </div>
    </div>
  );
}
