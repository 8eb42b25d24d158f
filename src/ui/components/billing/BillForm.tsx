// The fields of an invoice summary, grouped (docs/product.md#screens "/create-progress-bill", "/update-progress-bill").
// Amounts accept '1.500.000' or 'Rp 1.500.000' and are shown as rupiah when a field is left.
import { useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { billFormMachine } from '../../../machines/billForm/machine';
import { formatPeriodDisplay } from '../../../domain/billing/period';
import { Alert } from '../Alert';
import { PeriodPicker } from './PeriodPicker';
import { SummaryConflict } from './SummaryConflict';
import { GROUPS, type FieldSpec } from './billFormFields';

export type BillFormRef = ActorRefFrom<typeof billFormMachine>;

/** The way to the summary that already has this period (after a 409 on create). */
function EditExistingLink({ period }: { period: string }) {
  return (
    <Link href={`/update-progress-bill?period=${encodeURIComponent(period)}`}>
      {`Edit progres tagihan ${formatPeriodDisplay(period)}`}
    </Link>
  );
}

function Field({
  actorRef,
  spec,
  readOnly,
  children,
}: {
  actorRef: BillFormRef;
  spec: FieldSpec;
  readOnly?: boolean;
  /** Shown under the field's message (the period's picker and its 'already there' link). */
  children?: ReactNode;
}) {
  const id = useId();
  const value = useSelector(actorRef, (s) => s.context.values[spec.key]);
  const error = useSelector(actorRef, (s) =>
    spec.key === 'period' && s.context.existingPeriod
      ? `Periode ${formatPeriodDisplay(s.context.existingPeriod)} sudah ada.`
      : s.context.fieldErrors[spec.key],
  );
  const mode = useSelector(actorRef, (s) => s.context.mode);
  const required = spec.required === 'always' || (spec.required === 'create' && mode === 'create');
  const message = error ?? spec.hint;
  // The message sits outside the <label> so it describes the input instead of renaming it.
  return (
    <div className="bill-field">
      {/* The asterisk stays outside the label so it is not part of the input's name. */}
      <div className="bill-label">
        <label htmlFor={id}>{spec.label}</label>
        {required && (
          <span className="bill-required" aria-hidden="true">
            *
          </span>
        )}
      </div>
      <input
        id={id}
        name={spec.key}
        type={spec.kind === 'url' ? 'url' : 'text'}
        inputMode={
          spec.kind === 'count' ? 'numeric' : spec.kind === 'amount' ? 'decimal' : undefined
        }
        placeholder={
          spec.kind === 'period'
            ? 'YYYY-MM'
            : spec.kind === 'amount'
              ? 'Rp 0'
              : spec.kind === 'url'
                ? 'https://'
                : '0'
        }
        autoComplete="off"
        value={value}
        readOnly={readOnly}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? `${id}-message` : undefined}
        onChange={(e) =>
          actorRef.send({
            type: 'bill.fieldChanged',
            field: spec.key,
            value: e.currentTarget.value,
          })
        }
        onBlur={() => actorRef.send({ type: 'bill.fieldBlurred', field: spec.key })}
      />
      {message && <small id={`${id}-message`}>{message}</small>}
      {children}
    </div>
  );
}

/** Periode: the field, a month picker when creating, and the link to a period that exists. */
function PeriodField({ actorRef }: { actorRef: BillFormRef }) {
  const mode = useSelector(actorRef, (s) => s.context.mode);
  const value = useSelector(actorRef, (s) => s.context.values.period);
  const existing = useSelector(actorRef, (s) => s.context.existingPeriod);
  const editing = useSelector(actorRef, (s) => s.matches({ form: 'editing' }));
  return (
    <Field
      actorRef={actorRef}
      spec={{
        key: 'period',
        label: 'Periode tagihan',
        kind: 'period',
        required: 'always',
        hint: mode === 'create' ? 'Format YYYY-MM, contoh: 2024-01' : 'Periode tidak dapat diubah',
      }}
      readOnly={mode === 'update'}
    >
      {existing && (
        <p className="bill-existing-period">
          <EditExistingLink period={existing} />
        </p>
      )}
      {mode === 'create' && (
        <PeriodPicker
          value={value}
          disabled={!editing}
          onChange={(period) =>
            actorRef.send({ type: 'bill.fieldChanged', field: 'period', value: period })
          }
        />
      )}
    </Field>
  );
}

export interface BillFormProps {
  actorRef: BillFormRef;
  /** Shown with the form's outcome under the buttons (e.g. the note of a redirect). */
  children?: ReactNode;
}

export function BillForm({ actorRef, children }: BillFormProps) {
  const mode = useSelector(actorRef, (s) => s.context.mode);
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'));
  const editing = useSelector(actorRef, (s) => s.matches({ form: 'editing' }));
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: 'bill.submit' }));
  const error = useSelector(actorRef, (s) => s.context.error);
  const existingPeriod = useSelector(actorRef, (s) => s.context.existingPeriod);
  const success = useSelector(actorRef, (s) => s.context.success);
  const conflict = useSelector(actorRef, (s) => s.context.conflict);
  const errorCount = useSelector(
    actorRef,
    (s) => Object.values(s.context.fieldErrors).filter(Boolean).length,
  );

  return (
    <form
      className="bill-form"
      noValidate
      aria-label={mode === 'create' ? 'Buat Progres Tagihan' : 'Edit Progres Tagihan'}
      onSubmit={(e) => {
        e.preventDefault();
        const form = e.currentTarget;
        actorRef.send({ type: 'bill.submit' });
        // Sent to the server: its answer brings its own focus (a refusal's alert takes it). A
        // quick answer would otherwise lose that focus to the field it marks, on the next frame.
        if (actorRef.getSnapshot().matches({ form: 'submitting' })) return;
        // Refused by the form's own check: take the user to the first field in error (rendered on
        // the next frame).
        requestAnimationFrame(() =>
          form.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus(),
        );
      }}
    >
      <fieldset disabled={!editing}>
        <fieldset className="bill-group">
          <legend>Periode</legend>
          <PeriodField actorRef={actorRef} />
        </fieldset>
        {GROUPS.map((group) => (
          <fieldset className="bill-group" key={group.legend}>
            <legend>{group.legend}</legend>
            {group.description && <p className="app-muted bill-group-note">{group.description}</p>}
            <div className="bill-fields">
              {group.fields.map((spec) => (
                <Field key={spec.key} actorRef={actorRef} spec={spec} />
              ))}
            </div>
          </fieldset>
        ))}
      </fieldset>
      <div className="bill-form-actions">
        <button
          type="button"
          className="secondary"
          disabled={!editing}
          onClick={() => actorRef.send({ type: 'bill.cancel' })}
        >
          Batal
        </button>
        <button type="submit" disabled={!canSubmit} aria-busy={busy || undefined}>
          {busy ? 'Menyimpan...' : 'Simpan'}
        </button>
      </div>
      {/* The outcome shows right under the buttons the user just pressed (and takes the focus). */}
      <div className="bill-form-feedback">
        {conflict && (
          <SummaryConflict
            conflict={conflict}
            disabled={!editing}
            onReload={() => actorRef.send({ type: 'bill.conflictReload' })}
            onApply={() => actorRef.send({ type: 'bill.conflictApplyMine' })}
          />
        )}
        {error && (
          <Alert type="error" reveal>
            {existingPeriod ? (
              <>
                <p>{error}</p>
                <p>
                  <EditExistingLink period={existingPeriod} />
                </p>
              </>
            ) : (
              error
            )}
          </Alert>
        )}
        {success && (
          <Alert type="success" reveal>
            {success}
          </Alert>
        )}
        {errorCount > 0 && (
          <p className="bill-form-summary" role="alert">
            Periksa kembali {errorCount} isian yang belum benar.
          </p>
        )}
        {children}
      </div>
    </form>
  );
}
