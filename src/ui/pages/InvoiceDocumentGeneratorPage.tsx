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
import { MappingStep, type StepsLock } from '../components/generator/MappingStep';
import { Messages } from '../components/generator/Messages';
import { PreviewStep } from '../components/generator/PreviewStep';
import { ProcessingPanel } from '../components/generator/ProcessingPanel';
import { RecordRun } from '../components/generator/RecordRun';
import { RowPreview } from '../components/generator/RowPreview';
import { LeavingSteps, ResetButton } from '../components/generator/Handover';
import { useMappingMemory } from '../components/generator/mappingMemory';
import { pdfAvailable, releaseWorker, storedQrisPayload, workerActors } from '../wiring/generator';

/**
 * The steps' controls are disabled while work is in progress a few at a time, one stage per
 * frame: at once the file and Generate steps (the few controls a click starts work from, each in
 * a fieldset), then the preview's controls, then the mapping's controls with its first rows, then
 * its rows MAPPING_ROWS_PER_STAGE at a time; enabled again in the reverse order from two frames
 * after the work ends (that frame already lays out the messages and starts the download).
 * Disabling one fieldset around all four steps restyled their ~1,000 elements (the mapping's
 * selects with their options above all) in one task: 28 ms on a quiet machine, 60-130 ms with
 * two busy processes beside the page (`BENCH_ONLY=steps npm run bench`, issue 35). The machine
 * takes no edit while it works, so a control still enabled for a frame changes nothing.
 * Returns how many of `stages` are disabled.
 */
function useStagedDisable(processing: boolean, stages: number): number {
  const [disabled, setDisabled] = useState(processing ? stages : 0);
  // The first stage goes with the render that starts the work, not a frame later.
  const shown = processing ? Math.max(disabled, 1) : disabled;
  useEffect(() => {
    const target = processing ? stages : 0;
    if (shown === target) return;
    let second = 0;
    // Enabling waits one frame more the first time: the frame that ends the work is busy already.
    const settle = !processing && shown >= stages;
    const first = requestAnimationFrame(() => {
      const step = () => setDisabled(processing ? shown + 1 : shown - 1);
      if (settle) second = requestAnimationFrame(step);
      else step();
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [processing, shown, stages]);
  return shown;
}

/** A mapping row's two selects restyle their options when disabled: a few rows per frame. */
const MAPPING_ROWS_PER_STAGE = 6;
const mappingStages = (fields: number) => Math.max(1, Math.ceil(fields / MAPPING_ROWS_PER_STAGE));
/** Step 3's part of the stages: its controls from the third stage, then its rows. */
function mappingLock(disabled: number): StepsLock {
  return {
    controls: disabled >= 3,
    rows: Math.max(0, disabled - 2) * MAPPING_ROWS_PER_STAGE,
  };
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
  const fields = useSelector(actorRef, (s) => select.placeholders(s).length);
  const disabledStages = useStagedDisable(processing, 2 + mappingStages(fields));
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
      {/* Each step's fieldset disables its controls while work is in progress (useStagedDisable);
          data-busy marks the steps until every one is enabled again (the benches wait for it). */}
      <div className="gen-steps" data-busy={disabledStages > 0 || undefined}>
        <LeavingSteps actorRef={actorRef}>
          <fieldset className="gen-step-fields" disabled={disabledStages >= 1}>
            <FileStep actorRef={actorRef} />
          </fieldset>
          <PreviewStep actorRef={actorRef} disabled={disabledStages >= 2} />
          {laterSteps >= 1 && (
            <MappingStep actorRef={actorRef} efaktur={efaktur} lock={mappingLock(disabledStages)} />
          )}
        </LeavingSteps>
        <fieldset className="gen-step-fields" disabled={disabledStages >= 1}>
          {laterSteps >= 2 && <GenerateStep actorRef={actorRef} efaktur={efaktur} />}
        </fieldset>
      </div>
      <RowPreview actorRef={actorRef} />
      <ProcessingPanel actorRef={actorRef} />
      <Messages actorRef={actorRef} />
      {canRecord && lastRun && <RecordRun key={lastRun.number} run={lastRun} />}
    </section>
  );
}
