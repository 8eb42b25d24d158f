// Generate Tagihan Voice (docs/product.md#screens "Invoice document generator"): the generator machine drives the
// four steps; the worker bridge does every docx/xlsx job off the main thread.
import { useActorRef, useSelector } from '@xstate/react';
import { startTransition, useEffect, useMemo, useState } from 'react';
import { GENERATOR_TEXTS } from '../../domain/i18n/en/generator';
import { generatorMachine } from '../../machines/generator/machine';
import { select } from '../../machines/generator/selectors';
import { useTexts } from '../layout/i18n';
import { useHasMenu, useInspect } from '../shell/hooks';
import { PageHeader } from '../components/PageHeader';
import { downloadFile } from '../components/generator/download';
import { useEfakturSetup } from '../components/generator/efakturSetup';
import { FileStep } from '../components/generator/FileStep';
import { GenerateStep } from '../components/generator/GenerateStep';
import { MappingStep } from '../components/generator/MappingStep';
import { Messages } from '../components/generator/Messages';
import { PreviewStep } from '../components/generator/PreviewStep';
import { ProcessingPanel } from '../components/generator/ProcessingPanel';
import { RecordRun } from '../components/generator/RecordRun';
import { RowPreview } from '../components/generator/RowPreview';
import { LeavingSteps, ResetButton } from '../components/generator/Handover';
import { useMappingMemory } from '../components/generator/mappingMemory';
import { pdfAvailable, releaseWorker, storedQrisPayload, workerActors } from '../wiring/generator';

/**
 * Whether the steps' fieldset is disabled: at once when work starts, and until two frames after it
 * ends. Enabling the fieldset restyles the ~950 elements of the steps (their selects above all:
 * 11-25 ms); the frame that ends a merge already lays out its messages and starts the download, so
 * the fieldset is enabled in the frame after it instead of lengthening that one (the longest
 * main-thread task, npm run bench).
 */
function useStepsDisabled(processing: boolean): boolean {
  const [settled, setSettled] = useState(!processing);
  useEffect(() => {
    if (processing) {
      setSettled(false);
      return;
    }
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => setSettled(true));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [processing]);
  return processing || !settled;
}

/**
 * How many of the later steps the page holds: none until a sheet's rows first arrive; then the
 * rows (step 2) show in the task that received them, step 3 after that frame and step 4 after the
 * next, each mounted in a transition (whose render React slices). All at once made one task of
 * 100-150 ms, and its restyle another, at 100,000 rows (`BENCH_ONLY=bigdata npm run bench`). Once
 * shown they stay (they show nothing without rows), so their state lives on across sheets.
 */
const LATER_STEPS = 2;
function useLaterSteps(hasRows: boolean): number {
  const [shown, setShown] = useState(hasRows ? LATER_STEPS : 0);
  useEffect(() => {
    if (!hasRows || shown >= LATER_STEPS) return;
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setShown((n) => n + 1)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [hasRows, shown]);
  return shown;
}

export default function InvoiceDocumentGeneratorPage() {
  const machine = useMemo(
    () =>
      generatorMachine.provide({
        actors: workerActors,
        actions: { download: (_, params) => downloadFile(params) },
      }),
    [],
  );
  // useActorRef, not useMachine: the page itself re-renders only when `processing` flips; each step
  // subscribes to the few values it shows.
  const actorRef = useActorRef(machine, { inspect: useInspect() });
  const processing = useSelector(actorRef, select.processing);
  const stepsDisabled = useStepsDisabled(processing);
  const lastRun = useSelector(actorRef, select.lastRun);
  const laterSteps = useLaterSteps(useSelector(actorRef, select.hasRows));
  const canRecord = useHasMenu('Update Progres Tagihan');
  useMappingMemory({ actorRef });
  // The e-Faktur output's Coretax mapping (step 3), which its download (step 4) uses.
  const efaktur = useEfakturSetup({ actorRef });
  const t = useTexts('generator', GENERATOR_TEXTS);
  // Leaving the page ends the worker and the workbook it holds (it also ends after a minute idle).
  useEffect(() => releaseWorker, []);
  useEffect(() => {
    let live = true;
    void pdfAvailable().then((enabled) => {
      if (live) actorRef.send({ type: 'generator.pdfCapability', enabled });
    });
    void storedQrisPayload().then((payload) => {
      if (live) actorRef.send({ type: 'generator.qrisPayload', payload });
    });
    return () => {
      live = false;
    };
  }, [actorRef]);

  return (
    <section className="gen-page">
      <PageHeader
        title="Generate Tagihan Voice"
        description={t.description}
        actions={
          <ResetButton
            actorRef={actorRef}
            processing={processing}
            label={t.reset}
            onReset={() => {
              actorRef.send({ type: 'generator.reset' });
              releaseWorker();
            }}
          />
        }
      />
      {/* A disabled fieldset disables every control of the four steps while work is in progress. */}
      <fieldset className="gen-steps" disabled={stepsDisabled}>
        <LeavingSteps actorRef={actorRef}>
          <FileStep actorRef={actorRef} />
          <PreviewStep actorRef={actorRef} />
          {laterSteps >= 1 && <MappingStep actorRef={actorRef} efaktur={efaktur} />}
        </LeavingSteps>
        {laterSteps >= 2 && <GenerateStep actorRef={actorRef} efaktur={efaktur} />}
      </fieldset>
      <RowPreview actorRef={actorRef} />
      <ProcessingPanel actorRef={actorRef} />
      <Messages actorRef={actorRef} />
      {canRecord && lastRun && <RecordRun key={lastRun.number} run={lastRun} />}
    </section>
  );
}
