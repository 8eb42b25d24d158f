// /create-progress-bill (docs/product.md#screens): the 'Buat Progres Tagihan' form; 2 s after saving it goes to
// the dashboard of the new period. ?period=YYYY-MM (the dashboard's empty state) fills the period;
// leaving with unsaved typing asks first.
import { useMachine, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { isValidPeriod } from '../../domain/billing/period';
import { billFormMachine, isBillFormDirty } from '../../machines/billForm/machine';
import { LeaveGuard } from '../components/LeaveGuard';
import { PageHeader } from '../components/PageHeader';
import { BillForm } from '../components/billing/BillForm';
import { saveBill } from '../wiring/billing';
import { useInspect } from '../shell/hooks';

export default function CreateProgressBillPage() {
  const [, navigate] = useLocation();
  const search = useSearch();
  // The URL's period at arrival starts the form; the form owns it from then on.
  const [period] = useState(() => {
    const requested = new URLSearchParams(search).get('period') ?? '';
    return isValidPeriod(requested) ? requested : '';
  });
  const [snapshot, , actorRef] = useMachine(
    billFormMachine.provide({
      actors: { saveBill },
      actions: {
        redirectToDashboard: ({ context }) =>
          navigate(`/dashboard?period=${encodeURIComponent(context.values.period.trim())}`),
        leaveForm: () => navigate('/dashboard'),
      },
    }),
    { input: { mode: 'create', period }, inspect: useInspect() },
  );
  const redirecting = snapshot.matches({ form: 'saved' });
  const dirty = useSelector(actorRef, isBillFormDirty);
  return (
    <section className="bill-page">
      <PageHeader
        title="Buat Progres Tagihan"
        description="Isi ringkasan tagihan voice untuk satu periode."
      />
      <BillForm actorRef={actorRef}>
        {redirecting && <p className="app-muted">Mengalihkan ke dashboard...</p>}
      </BillForm>
      <LeaveGuard dirty={dirty} />
    </section>
  );
}
