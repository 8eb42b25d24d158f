import { useSelector } from '@xstate/react';
import { useTranslate } from '../../layout/i18n';
import { Alert } from '../Alert';
import { select } from '../../../machines/generator/selectors';
import type { StepProps } from './types';

/** The error alert and the success alert at the bottom of the page (plus warnings such as a template without placeholders). */
export function Messages({ actorRef }: StepProps) {
  const error = useSelector(actorRef, select.error);
  const warning = useSelector(actorRef, select.warning);
  const success = useSelector(actorRef, select.success);
  // The machine's notices by their English wording; a worker's detail ('Row 3: …') stays English.
  const tr = useTranslate();
  return (
    <div className="gen-messages">
      {error && <Alert type="error">{tr(error)}</Alert>}
      {warning && (
        <Alert type="warning">
          {/* Several format warnings come one per line. */}
          {warning.split('\n').map((line, i) => (
            <div key={i}>{tr(line)}</div>
          ))}
        </Alert>
      )}
      {success && <Alert type="success">{tr(success)}</Alert>}
    </div>
  );
}
