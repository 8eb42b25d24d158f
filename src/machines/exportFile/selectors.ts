// What an Export control reads from its machine.
import type { SnapshotFrom } from 'xstate';
import type { ExportFileMachine } from './machine';

type Snapshot = SnapshotFrom<ExportFileMachine>;

export const selectExporting = (s: Snapshot) => s.hasTag('busy');
export const selectExportedFile = (s: Snapshot) => s.context.fileName;
export const selectExportError = (s: Snapshot) => s.context.error;
