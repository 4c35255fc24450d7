import { useId } from 'react';
import { type LeaderboardPeriod } from '@shared/constants';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { isLeaderboardPeriod, LEADERBOARD_PERIOD_OPTIONS } from '../lib/leaderboard-display';

type PeriodSelectProps = {
  value: LeaderboardPeriod;
  onChange: (period: LeaderboardPeriod) => void;
};

/** The leaderboard's period: a native select, so phones get their own picker. */
export function PeriodSelect({ value, onChange }: PeriodSelectProps) {
  const id = useId();
  return (
    <div className="grid gap-2 sm:w-44">
      <Label htmlFor={id}>Period</Label>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => {
          if (isLeaderboardPeriod(event.target.value)) onChange(event.target.value);
        }}
      >
        {LEADERBOARD_PERIOD_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
