import { type ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

type SettingsSectionProps = {
  /** The anchor of the section (/settings#id) and the id its heading is named by. */
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
};

/**
 * One section of the settings page: a card whose heading names it, so a screen reader can jump
 * from section to section and a link can open one (/settings#password).
 */
export function SettingsSection({ id, title, description, children }: SettingsSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-20">
      <Card>
        <CardHeader>
          <CardTitle as="h2" id={headingId}>
            {title}
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}
