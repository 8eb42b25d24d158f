import { useSelector } from '@xstate/react';
import type { StepProps } from './types';

/** The error alert and the success alert at the bottom of the page (plus warnings such as a template without placeholders). */
export function Messages({ actorRef }: StepProps) {
  const error = useSelector(actorRef, (s) => s.context.error);
  const warning = useSelector(actorRef, (s) => s.context.warning);
  const success = useSelector(actorRef, (s) => s.context.success);
  return (
    <div className="gen-messages">
      {error && (
        <div className="gen-alert gen-alert-error" role="alert">
          {error}
        </div>
      )}
      {warning && (
        <div className="gen-alert gen-alert-warning" role="alert">
          {warning}
        </div>
      )}
      {success && (
        <div className="gen-alert gen-alert-success" role="status">
          {success}
        </div>
      )}
    </div>
  );
}
