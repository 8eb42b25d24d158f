// 'Layanan Voice: {month year}' with the previous and next month; the title opens the edit page.
import { Link } from 'wouter';
import { formatPeriodDisplay, shiftPeriod } from '../../../domain/billing/period';

export interface PeriodSelectorProps {
  period: string;
  onChange: (period: string) => void;
}

export function PeriodSelector({ period, onChange }: PeriodSelectorProps) {
  const previous = shiftPeriod(period, -1);
  const next = shiftPeriod(period, 1);
  return (
    <nav className="bill-period" aria-label="Periode">
      <button
        type="button"
        className="outline secondary"
        aria-label={`Bulan sebelumnya (${formatPeriodDisplay(previous)})`}
        onClick={() => onChange(previous)}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <h1>
        <Link
          href={`/update-progress-bill?period=${encodeURIComponent(period)}`}
          title="Buka halaman Update Progres Tagihan"
        >
          Layanan Voice: {formatPeriodDisplay(period)}
        </Link>
      </h1>
      <button
        type="button"
        className="outline secondary"
        aria-label={`Bulan berikutnya (${formatPeriodDisplay(next)})`}
        onClick={() => onChange(next)}
      >
        <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}
