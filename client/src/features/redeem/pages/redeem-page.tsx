import { useState } from 'react';
import { useSearch } from 'wouter';
import { type RedemptionLookup, type RedemptionResult } from '@shared/schema/gift-cards';
import { CodeEntry } from '../components/code-entry';
import { RedemptionForm } from '../components/redemption-form';
import { RedemptionSuccess } from '../components/redemption-success';

type Step =
  | { kind: 'code'; notice: string | null }
  | { kind: 'card'; code: string; lookup: RedemptionLookup }
  | { kind: 'done'; result: RedemptionResult };

/**
 * A business's counter: the customer's code (scanned or typed), the card behind it, the amount
 * taken, and what the card keeps. Each customer starts again at the code.
 */
export function RedeemPage() {
  const linkedCode = new URLSearchParams(useSearch()).get('code');
  const [step, setStep] = useState<Step>({ kind: 'code', notice: null });
  // Each return to the code step is a fresh form (and a new key for it).
  const [round, setRound] = useState(0);
  const startOver = (notice: string | null) => {
    setRound((current) => current + 1);
    setStep({ kind: 'code', notice });
  };

  return (
    <div className="mx-auto grid w-full max-w-xl grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Redeem a Gift Card</h1>
        <p className="text-muted-foreground">
          Scan the customer&apos;s QR code or type the code on their screen, then take the amount
          they spend.
        </p>
      </div>
      {step.kind === 'code' && (
        <CodeEntry
          key={round}
          initialCode={round === 0 ? linkedCode : null}
          notice={step.notice}
          onFound={(code, lookup) => setStep({ kind: 'card', code, lookup })}
        />
      )}
      {step.kind === 'card' && (
        <RedemptionForm
          code={step.code}
          lookup={step.lookup}
          onDone={(result) => setStep({ kind: 'done', result })}
          onCancel={() => startOver(null)}
          onCodeGone={(message) => startOver(message)}
        />
      )}
      {step.kind === 'done' && (
        <RedemptionSuccess result={step.result} onNext={() => startOver(null)} />
      )}
    </div>
  );
}
