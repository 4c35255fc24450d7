import { useId } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

type StatCardProps = { title: string; value: string; caption?: string };

export function StatCard({ title, value, caption }: StatCardProps) {
  const titleId = useId();
  return (
    <Card role="group" aria-labelledby={titleId}>
      <CardHeader className="pb-2">
        <CardTitle id={titleId} as="h2" className="text-sm font-medium text-muted-foreground">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-3xl font-bold">{value}</p>
        {caption && <p className="mt-1 text-sm text-muted-foreground">{caption}</p>}
      </CardContent>
    </Card>
  );
}
