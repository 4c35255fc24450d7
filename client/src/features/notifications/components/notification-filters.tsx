import { useId } from 'react';
import { type NotificationFilter } from '@shared/constants';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { isNotificationFilter, NOTIFICATION_FILTER_OPTIONS } from '../lib/notification-display';

type NotificationFiltersProps = {
  value: NotificationFilter;
  onChange: (filter: NotificationFilter) => void;
};

/** The filter list: All Notifications, Unread Only, Read Only; one is always chosen. */
export function NotificationFilters({ value, onChange }: NotificationFiltersProps) {
  const id = useId();
  return (
    <RadioGroup
      aria-label="Filter notifications"
      value={value}
      onValueChange={(next) => {
        if (isNotificationFilter(next)) onChange(next);
      }}
      className="flex flex-wrap gap-1 md:grid"
    >
      {NOTIFICATION_FILTER_OPTIONS.map((option) => {
        const itemId = `${id}-${option.value}`;
        return (
          <div
            key={option.value}
            className="flex items-center gap-3 rounded-md px-3 py-2 has-[[data-state=checked]]:bg-accent has-[[data-state=checked]]:text-accent-foreground"
          >
            <RadioGroupItem id={itemId} value={option.value} />
            <Label htmlFor={itemId} className="cursor-pointer py-1">
              {option.label}
            </Label>
          </div>
        );
      })}
    </RadioGroup>
  );
}
