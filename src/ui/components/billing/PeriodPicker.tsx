// 'Pilih bulan' beside the period field of Buat Progres Tagihan (issue 26): a month and a year
// from lists, written into the field as YYYY-MM. Two selects rather than <input type="month">,
// which some browsers still show as plain text; typing the period stays possible.
import { useId } from 'react';
import { currentPeriod, isValidPeriod, MONTH_NAMES_ID } from '../../../domain/billing/period';

/** Years offered: two back and two ahead of this one, and the field's own year. */
function yearsAround(thisYear: number, chosen: number | null): number[] {
  const years = new Set<number>();
  for (let y = thisYear - 2; y <= thisYear + 2; y++) years.add(y);
  if (chosen !== null) years.add(chosen);
  return [...years].sort((a, b) => a - b);
}

export function PeriodPicker({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (period: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const now = currentPeriod();
  const valid = isValidPeriod(value.trim());
  const month = valid ? value.trim().slice(5, 7) : '';
  const year = valid ? value.trim().slice(0, 4) : '';
  const pick = (nextMonth: string, nextYear: string) =>
    onChange(`${nextYear || now.slice(0, 4)}-${nextMonth || now.slice(5, 7)}`);
  return (
    <div className="bill-period-picker" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`}>Pilih bulan</span>
      <select
        aria-label="Bulan"
        disabled={disabled}
        value={month}
        onChange={(e) => pick(e.currentTarget.value, year)}
      >
        <option value="" disabled>
          Bulan
        </option>
        {MONTH_NAMES_ID.map((name, i) => (
          <option key={name} value={String(i + 1).padStart(2, '0')}>
            {name}
          </option>
        ))}
      </select>
      <select
        aria-label="Tahun"
        disabled={disabled}
        value={year}
        onChange={(e) => pick(month, e.currentTarget.value)}
      >
        <option value="" disabled>
          Tahun
        </option>
        {yearsAround(Number(now.slice(0, 4)), valid ? Number(year) : null).map((y) => (
          <option key={y} value={String(y)}>
            {y}
          </option>
        ))}
      </select>
    </div>
  );
}
