// While the e-mails are handed over (docs/delivery.md, "The page") the machine takes no other
// edit, so the controls that would send one take no input either. Not the steps' fieldset: its
// disabled attribute restyled the whole page in one 84 ms task at Send. `inert` on steps 1–3 is
// one attribute (no control changes its :disabled style), step 4's own controls disable
// themselves, and the page's Reset waits too. Each reads the state itself, so the page around
// them does not render again.
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { StepProps } from './types';

type Ref = StepProps['actorRef'];
const sendingMails = (s: ReturnType<Ref['getSnapshot']>) => s.matches('sendingMails');

export function SendLock({ actorRef, children }: StepProps & { children: ReactNode }) {
  const sending = useSelector(actorRef, sendingMails);
  return (
    <div inert={sending} aria-busy={sending || undefined}>
      {children}
    </div>
  );
}

export function ResetButton({
  actorRef,
  processing,
  label,
  onReset,
}: StepProps & { processing: boolean; label: string; onReset: () => void }) {
  const sending = useSelector(actorRef, sendingMails);
  return (
    <button
      type="button"
      className="secondary outline"
      disabled={processing || sending}
      onClick={onReset}
    >
      {label}
    </button>
  );
}
