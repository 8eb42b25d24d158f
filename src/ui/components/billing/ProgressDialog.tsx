// The progress edit dialog (docs/product.md#screens): read-only step and period, a slider (and a number field for
// exact values) from 0 to the total, the percentage and 'x dari y unit', the step's document URL.
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import { formatPeriodDisplay } from '../../../domain/billing/period';
import { percentage, pipelineStep } from '../../../domain/billing/pipeline';
import { formatRupiahInput } from '../../../domain/values/rupiah';
import { SUMMARY_FIELD_LABELS } from '../../../domain/validation';
import { dialogCount, type progressDialogMachine } from '../../../machines/progressDialog/machine';
import { Alert } from '../Alert';
import { Modal } from '../Modal';
import { SummaryConflict } from './SummaryConflict';

export type ProgressDialogRef = ActorRefFrom<typeof progressDialogMachine>;

export function ProgressDialog({ actorRef }: { actorRef: ProgressDialogRef }) {
  const open = useSelector(actorRef, (s) => !s.matches({ dialog: 'closed' }));
  const saving = useSelector(actorRef, (s) => s.hasTag('busy'));
  const canSave = useSelector(actorRef, (s) => s.can({ type: 'progress.save' }));
  const canEdit = useSelector(actorRef, (s) => s.matches({ dialog: { open: 'editing' } }));
  const ctx = useSelector(actorRef, (s) => s.context);
  const ids = {
    step: useId(),
    period: useId(),
    slider: useId(),
    count: useId(),
    url: useId(),
    countMsg: useId(),
    urlMsg: useId(),
  };

  const step = pipelineStep(ctx.stepKey);
  const count = dialogCount(ctx);
  const shownCount = Number.isFinite(count) ? count : 0;
  const sliderValue = Math.min(Math.max(shownCount, 0), ctx.total);
  const disabled = ctx.total === 0 || !canEdit;
  const close = () => actorRef.send({ type: 'progress.cancel' });

  return (
    <Modal
      open={open}
      title="Update Progress"
      onClose={() => {
        if (canEdit) close();
      }}
      footer={
        <>
          <button type="button" className="secondary" disabled={!canEdit} onClick={close}>
            Batal
          </button>
          <button
            type="submit"
            form="bill-progress-form"
            disabled={!canSave}
            aria-busy={saving || undefined}
          >
            {saving ? 'Menyimpan...' : 'Simpan Progress'}
          </button>
        </>
      }
    >
      <form
        id="bill-progress-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actorRef.send({ type: 'progress.save' });
        }}
      >
        {ctx.error && (
          <Alert type="error" reveal>
            {ctx.error}
          </Alert>
        )}
        {ctx.success && (
          <Alert type="success" reveal>
            {ctx.success}
          </Alert>
        )}
        {ctx.conflict && (
          <SummaryConflict
            conflict={ctx.conflict}
            disabled={!canEdit}
            onReload={() => actorRef.send({ type: 'progress.conflictReload' })}
            onApply={() => actorRef.send({ type: 'progress.conflictApplyMine' })}
          />
        )}
        <div className="grid">
          <label htmlFor={ids.step}>
            Progress
            <input id={ids.step} value={step.title} readOnly />
          </label>
          <label htmlFor={ids.period}>
            Periode
            <input id={ids.period} value={formatPeriodDisplay(ctx.period)} readOnly />
          </label>
        </div>
        <label htmlFor={ids.slider}>
          {`Geser ${SUMMARY_FIELD_LABELS[step.countKey]}`}
          <input
            id={ids.slider}
            type="range"
            min={0}
            max={ctx.total}
            step={1}
            value={sliderValue}
            disabled={disabled}
            onChange={(e) =>
              actorRef.send({ type: 'progress.countChanged', value: e.currentTarget.value })
            }
          />
        </label>
        <p className="bill-progress-readout" aria-live="polite">
          <strong>
            <bdi>{percentage(shownCount, ctx.total)}%</bdi>
          </strong>{' '}
          <bdi dir="ltr">
            {formatRupiahInput(shownCount)} dari {formatRupiahInput(ctx.total)} unit
          </bdi>
        </p>
        <div className="bill-field">
          <label htmlFor={ids.count}>Jumlah progress</label>
          <input
            id={ids.count}
            type="number"
            inputMode="numeric"
            min={0}
            max={ctx.total}
            step={1}
            value={ctx.countText}
            disabled={disabled}
            aria-invalid={ctx.fieldErrors.count ? true : undefined}
            aria-describedby={ctx.fieldErrors.count ? ids.countMsg : undefined}
            onChange={(e) =>
              actorRef.send({ type: 'progress.countChanged', value: e.currentTarget.value })
            }
          />
          {ctx.fieldErrors.count && <small id={ids.countMsg}>{ctx.fieldErrors.count}</small>}
        </div>
        {step.urlKey && (
          <div className="bill-field">
            <label htmlFor={ids.url}>{`${SUMMARY_FIELD_LABELS[step.urlKey]} (opsional)`}</label>
            <input
              id={ids.url}
              type="url"
              placeholder="https://"
              value={ctx.url}
              disabled={!canEdit}
              aria-invalid={ctx.fieldErrors.url ? true : undefined}
              aria-describedby={ctx.fieldErrors.url ? ids.urlMsg : undefined}
              onChange={(e) =>
                actorRef.send({ type: 'progress.urlChanged', value: e.currentTarget.value })
              }
            />
            {ctx.fieldErrors.url && <small id={ids.urlMsg}>{ctx.fieldErrors.url}</small>}
          </div>
        )}
      </form>
    </Modal>
  );
}
