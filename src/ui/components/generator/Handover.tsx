// The generator page around the e-mails' hand-over (docs/delivery.md, "The page").
// While the job is handed over the machine takes no other edit. The controls that would leave
// something wrong on screen take no input: the file inputs (a file chosen would show but not be
// used) and Reset, in a render of their own after the Send click (useDeferredValue); the others
// are controlled and show the machine's value again at once. Not the steps' fieldsets, nor
// `inert` on them: either restyled the ~950 elements of the steps in one task at Send (84 ms;
// `inert` 143 ms at a load of 15, npm run bench, section delivery).
// Once every mail is queued, Pengiriman opens in steps of their own: steps 1–3 are taken down
// in one task, the route changes in another after that frame (both at once made one task).
import { useSelector } from '@xstate/react';
import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useLocation } from 'wouter';
import type { StepProps } from './types';

/** Steps 1–3, taken down on their own before the page leaves for Pengiriman. */
export function LeavingSteps({ actorRef, children }: StepProps & { children: ReactNode }) {
  const [leaving, setLeaving] = useState(false);
  const [, navigate] = useLocation();
  useEffect(() => {
    let timer = 0;
    let frame = 0;
    const subscription = actorRef.on('generator.mailsQueued', (event) => {
      const to = `/deliveries?period=${encodeURIComponent(event.period)}`;
      timer = window.setTimeout(() => {
        flushSync(() => setLeaving(true));
        frame = requestAnimationFrame(() => {
          timer = window.setTimeout(() => navigate(to));
        });
      });
    });
    return () => {
      subscription.unsubscribe();
      window.clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, [actorRef, navigate]);
  return leaving ? null : children;
}

export function ResetButton({
  actorRef,
  processing,
  label,
  onReset,
}: StepProps & { processing: boolean; label: string; onReset: () => void }) {
  const sending = useDeferredValue(useSelector(actorRef, (s) => s.matches('sendingMails')));
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
