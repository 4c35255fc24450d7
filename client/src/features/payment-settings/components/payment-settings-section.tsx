import { type ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

type PaymentSettingsSectionProps = {
  /** The anchor of the section (#cards, #payout-account) and the id its heading is named by. */
  id: string;
  title: string;
  description?: ReactNode;
  /** Buttons beside the heading (Add card). */
  actions?: ReactNode;
  children: ReactNode;
};

/** One section of Payment Settings: a card named by its heading, so a screen reader can jump. */
export function PaymentSettingsSection({
  id,
  title,
  description,
  actions,
  children,
}: PaymentSettingsSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-20">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 flex-1 gap-1.5">
            <CardTitle as="h2" id={headingId}>
              {title}
            </CardTitle>
            {description && <CardDescription>{description}</CardDescription>}
          </div>
          {actions}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}
