// Bench/screenshot harness: the generator page alone (no sign-in, no layout), plus handles the
// bench drives directly: the real worker bridge and a floor worker (plain docxtemplater/SheetJS).
import * as Comlink from 'comlink';
import { createRoot } from 'react-dom/client';
import { createActor, createMachine } from 'xstate';
import InvoiceDocumentGeneratorPage from '../../../src/ui/pages/InvoiceDocumentGeneratorPage';
import { ShellContext, type Shell } from '../../../src/ui/shell/ShellProvider';
import { generatorBridge } from '../../../src/workers/bridge';
import { allSelected, initialGeneratorContext } from '../../../src/machines/generator/context';
import { generationJob } from '../../../src/machines/generator/selectors';
import { mailDocuments } from '../../../src/ui/wiring/sendMails';
import type { FloorApi } from './floor.worker';
import { mailsOf } from '../../../src/machines/generator/mail';
import { keyColumn } from '../../../src/domain/delivery/mailRows';

declare global {
  interface Window {
    __bench: {
      bridge: typeof generatorBridge;
      floor: Comlink.Remote<FloorApi>;
      transfer: typeof Comlink.transfer;
      mailsAtOnce: typeof mailsAtOnce;
      /** The e-mail hand-over's pieces (tests/bench/delivery.ts). */
      mail: {
        mailDocuments: typeof mailDocuments;
        initialGeneratorContext: typeof initialGeneratorContext;
        allSelected: typeof allSelected;
        generationJob: typeof generationJob;
      };
    };
  }
}

const floorWorker = new Worker('/harness/floor.worker.js', { type: 'module', name: 'floor' });
/**
 * The e-mail panel's mails of every row of `file` built in one go, as the page did before it
 * built them in slices: the milliseconds that one task holds the main thread.
 */
async function mailsAtOnce(file: Blob): Promise<number> {
  const { table } = await generatorBridge.readWorkbook(file);
  const context = {
    ...initialGeneratorContext,
    headers: table.headers,
    table,
    ...allSelected(table.rowCount),
  };
  const key = keyColumn(table.headers);
  const settings = { sendTo: '', keyColumn: key, subject: `Tagihan {${key}}`, message: '' };
  const start = performance.now();
  mailsOf(context, settings, 'docx');
  return performance.now() - start;
}

window.__bench = {
  mailsAtOnce,
  bridge: generatorBridge,
  floor: Comlink.wrap<FloorApi>(floorWorker),
  transfer: Comlink.transfer,
  mail: { mailDocuments, initialGeneratorContext, allSelected, generationJob },
};

// The page asks the shell for the (dev-only) inspector and the signed-in user's menus; the harness
// has neither: an auth actor without a menus child means no menus (no Record in progress panel).
const noAuth = createActor(createMachine({})).start();
const noShell = { inspect: undefined, auth: noAuth } as unknown as Shell;

createRoot(document.getElementById('root')!).render(
  <ShellContext.Provider value={noShell}>
    <main className="container" style={{ paddingBlock: '1.5rem' }}>
      <InvoiceDocumentGeneratorPage />
    </main>
  </ShellContext.Provider>,
);
