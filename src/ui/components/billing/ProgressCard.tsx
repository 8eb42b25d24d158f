// 'Progres Penagihan': the five pipeline steps as coloured bars (docs/product.md#flows). With the menu
// 'Update Progres Tagihan' each bar is a button that opens the progress edit dialog; its name holds
// everything the bar shows (step, percentage, count), then what it does.
import {
  overallCompletion,
  stepProgress,
  type PipelineStepKey,
  type StepProgress,
} from '../../../domain/billing/pipeline';
import { Link } from 'wouter';
import { formatRupiahInput } from '../../../domain/values/rupiah';
import type { InvoiceSummary } from '../../../domain/billing/invoiceSummary';

export interface ProgressCardProps {
  summary: InvoiceSummary;
  /** Null when the user may not change progress: the bars are shown but not clickable. */
  onEdit: ((step: PipelineStepKey) => void) | null;
}

function Bar({ item }: { item: StepProgress }) {
  return (
    <>
      {/* The trailing spaces render as nothing (each ends its flex item) but keep the words apart
          in the text the bar gives (its button's visible text: '… Transaksi 0% 0 dari 400 unit'). */}
      <span className="bill-step-line">
        <span className="bill-step-title">{item.step.title} </span>
        <span className="bill-step-pct">{item.percentage}% </span>
      </span>
      <progress
        className="app-progress"
        data-band={item.band}
        value={item.percentage}
        max={100}
        aria-label={`${item.step.title} ${item.percentage}%`}
      />
      <small className="app-muted">
        {/* Isolated: in the right-to-left layout the phrase keeps its order ('950 dari 1.000 unit'). */}
        <bdi dir="ltr">
          {formatRupiahInput(item.count)} dari {formatRupiahInput(item.total)} unit
        </bdi>
      </small>
    </>
  );
}

export function ProgressCard({ summary, onEdit }: ProgressCardProps) {
  const steps = stepProgress(summary);
  return (
    <article className="bill-card" aria-labelledby="bill-progress-heading">
      <div className="bill-card-header">
        <h2 id="bill-progress-heading">Progres Penagihan</h2>
        <span className="app-badge" data-variant="primary">
          Selesai {overallCompletion(summary)}%
        </span>
      </div>
      <ul className="bill-steps">
        {steps.map((item) => (
          <li key={item.step.key} data-band={item.band}>
            {onEdit ? (
              <button
                type="button"
                className="bill-step bill-step-button"
                aria-label={`${item.step.title}: ${item.percentage}%, ${formatRupiahInput(item.count)} dari ${formatRupiahInput(item.total)} unit. Ubah progress`}
                onClick={() => onEdit(item.step.key)}
              >
                <Bar item={item} />
              </button>
            ) : (
              <div className="bill-step">
                <Bar item={item} />
              </div>
            )}
            {item.step.key === 'delivered' && (
              <Link
                href={`/deliveries?period=${encodeURIComponent(summary.period)}`}
                className="bill-step-link"
              >
                Pengiriman
              </Link>
            )}
          </li>
        ))}
      </ul>
    </article>
  );
}
