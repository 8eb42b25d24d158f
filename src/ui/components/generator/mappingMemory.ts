// Remembered mappings: the mapping and formats last chosen for a template, kept in localStorage
// under the template's placeholder set, and offered again when that template meets a workbook.
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { Formats, Mapping, MappingEdited } from '../../../machines/generator/types';
import { select } from '../../../machines/generator/selectors';
import type { StepProps } from './types';

const MAPPING_MEMORY_PREFIX = 'generator_mapping:';

interface Remembered {
  mapping: Mapping;
  formats: Formats;
}

/** The storage key of a template: its placeholders, sorted, so their order in the document does not matter. */
function mappingMemoryKey(placeholders: readonly string[]): string {
  return MAPPING_MEMORY_PREFIX + JSON.stringify([...placeholders].sort());
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function readRemembered(placeholders: readonly string[]): Remembered | null {
  try {
    const raw = storage()?.getItem(mappingMemoryKey(placeholders));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Remembered> | null;
    if (!value || typeof value.mapping !== 'object' || value.mapping === null) return null;
    const formats =
      typeof value.formats === 'object' && value.formats !== null ? value.formats : {};
    return { mapping: value.mapping, formats };
  } catch {
    return null;
  }
}

/** Saves an edited mapping; an all-empty one (Clear All Mappings) forgets the template's memory. */
export function remember({ placeholders, mapping, formats }: Omit<MappingEdited, 'type'>): void {
  try {
    const key = mappingMemoryKey(placeholders);
    const mapped = placeholders.some((p) => (mapping[p] ?? '') !== '');
    if (!mapped) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify({ mapping, formats }));
  } catch {
    // Full or blocked storage: the generator works without the memory.
  }
}

/** Saves each mapping edit and re-applies the remembered mapping when a template meets a sheet. */
export function useMappingMemory({ actorRef }: StepProps): void {
  const placeholders = useSelector(actorRef, select.placeholders);
  const headers = useSelector(actorRef, select.headers);

  useEffect(() => {
    const subscription = actorRef.on('generator.mappingEdited', remember);
    return () => subscription.unsubscribe();
  }, [actorRef]);

  useEffect(() => {
    if (placeholders.length === 0 || headers.length === 0) return;
    const remembered = readRemembered(placeholders);
    if (remembered) actorRef.send({ type: 'generator.mappingRecalled', ...remembered });
  }, [actorRef, placeholders, headers]);
}
