// The e-mail outputs in the generator machine (docs/delivery.md, "The page"): entries of the
// Output control, their settings kept across the steps, the confirmation, and the hand-over by the
// send actor with what the server answered.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { allSelected, initialGeneratorContext } from '../../../src/machines/generator/context';
import { generatorMachine } from '../../../src/machines/generator/machine';
import { generateBlocker, messages } from '../../../src/machines/generator/rules';
import type {
  GeneratorContext,
  GeneratorEvent,
  MailToSend,
  SendMailsActorEvent,
  SendMailsInput,
} from '../../../src/machines/generator/types';
import { SheetTable } from '../../../src/domain/sheet/sheetTable';

const headers = ['Nomor', 'Email', 'Biaya'];
const table = SheetTable.fromRows(headers, [
  { Nomor: 'INV-1', Email: 'a@contoh.id', Biaya: '10' },
  { Nomor: 'INV-2', Email: 'b@contoh.id', Biaya: '20' },
]);
const ready: GeneratorContext = {
  ...initialGeneratorContext,
  templateFile: Object.assign(new Blob(['t']), { name: 't.docx' }),
  headers,
  table,
  ...allSelected(2),
  placeholders: ['Biaya'],
  mapping: { Biaya: 'Biaya' },
};
const mails: MailToSend[] = [
  {
    index: 0,
    mail: {
      row: 2,
      key: 'INV-1',
      to: 'a@contoh.id',
      subject: 'Tagihan INV-1',
      message: '',
      attachment: 'Tagihan_INV-1.docx',
      refusal: null,
    },
  },
];

/** The machine at step 4 with a fake send actor: its inputs, and a way to answer as the server. */
function start(context: Partial<GeneratorContext> = {}) {
  const inputs: SendMailsInput[] = [];
  let answer: ((event: SendMailsActorEvent) => void) | null = null;
  let stopped = 0;
  const machine = generatorMachine.provide({
    actors: {
      sendMails: fromCallback<GeneratorEvent, SendMailsInput>(({ input, sendBack }) => {
        inputs.push(input);
        answer = sendBack;
        return () => {
          stopped++;
        };
      }),
    },
  });
  const snapshot = machine.resolveState({
    value: { ready: 'idle' },
    context: { ...ready, ...context },
  });
  const actor = createActor(machine, { snapshot }).start();
  const queued: string[] = [];
  actor.on('generator.mailsQueued', (event) => queued.push(event.period));
  return {
    actor,
    inputs,
    queued,
    answer: (event: SendMailsActorEvent) => answer!(event),
    stopped: () => stopped,
    mail: () => actor.getSnapshot().context.mail,
  };
}

describe('the e-mail outputs are entries of the Output control', () => {
  it('offers the .docx e-mail always and the PDF e-mail only when the server converts', () => {
    const off = start();
    off.actor.send({ type: 'generator.outputChanged', output: 'mailPdf' });
    expect(off.actor.getSnapshot().context.output).toBe('merged');
    off.actor.send({ type: 'generator.outputChanged', output: 'mailDocx' });
    expect(off.actor.getSnapshot().context.output).toBe('mailDocx');

    const on = start({ pdfAvailable: true });
    on.actor.send({ type: 'generator.outputChanged', output: 'mailPdf' });
    expect(on.actor.getSnapshot().context.output).toBe('mailPdf');
    // The server says it cannot convert after all: the mail carries the .docx.
    on.actor.send({ type: 'generator.pdfCapability', enabled: false });
    expect(on.actor.getSnapshot().context.output).toBe('mailDocx');
  });

  it('refuses Generate with an e-mail output: the server sends, nothing downloads', () => {
    const { actor } = start({ output: 'mailDocx' });
    expect(generateBlocker(actor.getSnapshot().context)).toBe(messages.mailOutput);
    expect(actor.getSnapshot().can({ type: 'generator.generate' })).toBe(false);
  });
});

describe('the e-mail settings live in the machine', () => {
  it('keeps the chosen columns and texts while the output and the rows change', () => {
    const { actor, mail } = start({ output: 'mailDocx' });
    actor.send({
      type: 'generator.mailChanged',
      settings: { sendTo: 'Email', keyColumn: 'Nomor', subject: 'Tagihan {Nomor}' },
    });
    actor.send({ type: 'generator.mailChanged', settings: { message: 'Yth.', replyTo: 'r@x.id' } });
    actor.send({ type: 'generator.outputChanged', output: 'merged' });
    actor.send({ type: 'generator.selectNone' });
    actor.send({ type: 'generator.selectAll' });
    actor.send({ type: 'generator.outputChanged', output: 'mailDocx' });
    expect(mail()).toMatchObject({
      sendTo: 'Email',
      keyColumn: 'Nomor',
      subject: 'Tagihan {Nomor}',
      message: 'Yth.',
      replyTo: 'r@x.id',
    });
  });

  it('asks for the confirmation only with a period, and a changed setting closes it', () => {
    const { actor, mail } = start({ output: 'mailDocx' });
    actor.send({ type: 'generator.mailConfirm' });
    expect(mail().confirming).toBe(false);
    actor.send({ type: 'generator.mailChanged', settings: { period: '2025-11' } });
    actor.send({ type: 'generator.mailConfirm' });
    expect(mail().confirming).toBe(true);
    actor.send({ type: 'generator.mailChanged', settings: { subject: 'Lain' } });
    expect(mail().confirming).toBe(false);
    actor.send({ type: 'generator.mailConfirm' });
    actor.send({ type: 'generator.mailConfirmCancelled' });
    expect(mail().confirming).toBe(false);
  });
});

describe('the hand-over', () => {
  const confirmed = (output: 'mailPdf' | 'mailDocx' = 'mailDocx') => {
    const run = start({ output, pdfAvailable: true });
    run.actor.send({
      type: 'generator.mailChanged',
      settings: { period: '2025-11', replyTo: ' r@x.id ' },
    });
    run.actor.send({ type: 'generator.mailConfirm' });
    return run;
  };

  it('sends nothing before the confirmation', () => {
    const { actor, inputs } = start({ output: 'mailDocx' });
    actor.send({ type: 'generator.mailChanged', settings: { period: '2025-11' } });
    actor.send({ type: 'generator.sendMails', mails });
    expect(inputs).toHaveLength(0);
  });

  it('hands the confirmed mails over with the period, the attachment and the Reply-To', () => {
    const { actor, inputs, answer, mail, queued } = confirmed('mailPdf');
    actor.send({ type: 'generator.sendMails', mails });
    expect(actor.getSnapshot().matches('sendingMails')).toBe(true);
    // Not 'processing': the steps stay enabled (disabling them held the main thread).
    expect(actor.getSnapshot().hasTag('processing')).toBe(false);
    // What else the user does meanwhile is not taken: the job was built from the context at Send.
    actor.send({ type: 'generator.mailChanged', settings: { subject: 'Lain' } });
    expect(mail().subject).toBeNull();
    expect(inputs).toHaveLength(1);
    expect(inputs[0]).toMatchObject({
      period: '2025-11',
      attachment: 'pdf',
      replyTo: 'r@x.id',
      mails,
    });
    expect(mail().sending).toEqual({ step: 'making', done: 0, total: 1 });
    answer({ type: 'generator.mailProgress', progress: { step: 'converting' } });
    expect(mail().sending).toEqual({ step: 'converting' });
    // Every mail queued: the page is told to open Pengiriman for the period.
    answer({ type: 'generator.mailsHandedOver', queued: 1, left: [] });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(queued).toEqual(['2025-11']);
    expect(mail()).toMatchObject({ sending: null, confirming: false, handedOver: null });
  });

  it('names the invoices the server left out, and stays on the page', () => {
    const { actor, answer, mail, queued } = confirmed();
    actor.send({ type: 'generator.sendMails', mails });
    answer({ type: 'generator.mailsHandedOver', queued: 3, left: ['INV-1 (2)'] });
    expect(queued).toEqual([]);
    expect(mail().handedOver).toEqual({ queued: 3, left: ['INV-1 (2)'] });
  });

  it('keeps the server’s coded refusal for the page to word, and may send again', () => {
    const { actor, answer, mail, inputs } = confirmed();
    actor.send({ type: 'generator.sendMails', mails });
    const error = {
      kind: 'refused' as const,
      code: 'userJobLimit',
      params: { limit: 20 },
      text: 'You have started 20 delivery jobs today, the daily limit',
    };
    answer({ type: 'generator.mailsFailed', error });
    expect(mail()).toMatchObject({ error, sending: null, confirming: false });
    actor.send({ type: 'generator.mailConfirm' });
    expect(mail().error).toBeNull();
    actor.send({ type: 'generator.sendMails', mails });
    expect(inputs).toHaveLength(2);
  });

  it('a reset is not taken during the hand-over: the job and the settings stay', () => {
    const { actor, stopped, mail, answer, queued } = confirmed();
    actor.send({ type: 'generator.sendMails', mails });
    actor.send({ type: 'generator.reset' });
    expect(stopped()).toBe(0);
    expect(actor.getSnapshot().matches('sendingMails')).toBe(true);
    expect(mail().period).toBe('2025-11');
    answer({ type: 'generator.mailsHandedOver', queued: 1, left: [] });
    expect(queued).toEqual(['2025-11']);
  });

  it('cancel stops the hand-over', () => {
    const { actor, stopped, mail } = confirmed();
    actor.send({ type: 'generator.sendMails', mails });
    actor.send({ type: 'generator.cancel' });
    expect(stopped()).toBe(1);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(mail().sending).toBeNull();
  });
});
