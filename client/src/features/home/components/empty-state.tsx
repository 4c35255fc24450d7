import { type LucideIcon } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';

type EmptyStateProps = { icon: LucideIcon; message: string };

export function EmptyState({ icon: Icon, message }: EmptyStateProps) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
        <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
        <p className="max-w-sm text-muted-foreground">{message}</p>
      </CardContent>
    </Card>
  );
}
