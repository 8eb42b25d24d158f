// What the e-Faktur output's two steps share (docs/efaktur.md): the Coretax fields mapped in step 3
// and, with Group rows by, whether a faktur has one line per row or one with the group's sum; step 4
// builds the files from them. The mapping is filled again from the headers when another sheet is read.
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { autoMapCoretax, type CoretaxField } from '../../../domain/efaktur/fields';
import { select } from '../../../machines/generator/selectors';
import type { StepProps } from './types';

export type CoretaxMapping = Partial<Record<CoretaxField, string>>;
export type GroupLines = 'lines' | 'sum';

export interface EfakturSetup {
  readonly mapping: CoretaxMapping;
  readonly setColumn: (field: CoretaxField, column: string) => void;
  readonly lines: GroupLines;
  readonly setLines: (lines: GroupLines) => void;
}

export function useEfakturSetup({ actorRef }: StepProps): EfakturSetup {
  const headers = useSelector(actorRef, select.headers);
  const auto = useMemo(() => autoMapCoretax(headers), [headers]);
  // The user's choices are kept per header list: a new sheet starts again from its auto-map.
  const [chosen, setChosen] = useState<{ for: readonly string[]; mapping: CoretaxMapping }>({
    for: headers,
    mapping: auto,
  });
  const mapping = chosen.for === headers ? chosen.mapping : auto;
  const [lines, setLines] = useState<GroupLines>('lines');
  return {
    mapping,
    setColumn: (field, column) =>
      setChosen({ for: headers, mapping: { ...mapping, [field]: column || undefined } }),
    lines,
    setLines,
  };
}
