// What step 4's e-mail panel reads from the server (docs/delivery.md, "The page"): the periods
// to send for (the newest chosen until the user chooses one), the sender (the server's MAIL_FROM,
// named from the period's last job when there is one) and the keys sent before for the period.
import { useEffect, useState } from 'react';
import { deliveries } from '../../../api/services/deliveries';
import type { MailSettingsEdit } from '../../../machines/generator/types';
import type { StepProps } from './types';

export function useMailServer(actorRef: StepProps['actorRef'], shown: boolean, period: string) {
  const [periods, setPeriods] = useState<string[]>([]);
  const change = (settings: Partial<MailSettingsEdit>) =>
    actorRef.send({ type: 'generator.mailChanged', settings });
  const [sender, setSender] = useState('');
  const [sentBefore, setSentBefore] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (!period) return;
    let live = true;
    void deliveries.list(period).then((answer) => {
      if (live) setSender(answer.success ? (answer.data?.jobs[0]?.sender ?? '') : '');
    });
    void deliveries.sentKeys(period).then((answer) => {
      if (live) setSentBefore(new Set(answer.success ? (answer.data ?? []) : []));
    });
    return () => {
      live = false;
    };
  }, [period]);
  useEffect(() => {
    if (!shown) return;
    let live = true;
    void deliveries.periods().then((answer) => {
      if (!live || !answer.success) return;
      const list = answer.data ?? [];
      setPeriods(list);
      // The newest period until the user chooses one (a period chosen before stays).
      const chosen = actorRef.getSnapshot().context.mail.period;
      if (!list.includes(chosen) && list[0]) change({ period: list[0] });
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown, actorRef]);

  return { periods, sender, sentBefore };
}
