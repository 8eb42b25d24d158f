// /create-progress-bill (spec §2): the 'Buat Progres Tagihan' form; 2 s after saving it goes to
// the dashboard of the new period.
import { useMachine } from '@xstate/react';
import { useLocation } from 'wouter';
import { billFormMachine } from '../../machines/billForm.machine';
import { PageHeader } from '../components/PageHeader';
import { BillForm } from '../components/billing/BillForm';
import { saveBill } from '../wiring/billing';
import { useInspect } from '../shell/hooks';

export default function CreateProgressBillPage() {
  const [, navigate] = useLocation();
  const [snapshot, , actorRef] = useMachine(
    billFormMachine.provide({
      actors: { saveBill },
      actions: {
        redirectToDashboard: ({ context }) =>
          navigate(`/dashboard?period=${encodeURIComponent(context.values.period.trim())}`),
        leaveForm: () => navigate('/dashboard'),
      },
    }),
    { input: { mode: 'create' }, inspect: useInspect() },
  );
  const redirecting = snapshot.matches({ form: 'saved' });
  return (
    <section className="bill-page">
      <PageHeader
        title="Buat Progres Tagihan"
        description="Isi ringkasan tagihan voice untuk satu periode."
      />
      <BillForm actorRef={actorRef}>
        {redirecting && <p className="app-muted">Mengalihkan ke dashboard...</p>}
      </BillForm>
    </section>
  );
}
