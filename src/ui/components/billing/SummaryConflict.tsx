// A summary saved by someone else meanwhile (issue 25): the conflict notice in Indonesian, as the
// billing screens are in both languages.
import type { EditConflict } from '../../../domain/history';
import { HISTORY_ID } from '../../../domain/i18n/idHistory';
import { ConflictNotice } from '../history/ConflictNotice';

export const SUMMARY_CONFLICT_TEXTS = {
  title: 'Diubah oleh orang lain',
  message:
    'Data ini telah diubah oleh pengguna lain sejak Anda membukanya. Isian Anda masih di sini: muat ulang untuk melihat versi terbaru, atau terapkan isian Anda di atas versi terbaru.',
  reload: 'Muat ulang',
  apply: 'Terapkan isian saya',
} as const;

export function SummaryConflict({
  conflict,
  onReload,
  onApply,
  disabled,
}: {
  conflict: EditConflict<unknown>;
  onReload: () => void;
  onApply: () => void;
  disabled?: boolean;
}) {
  return (
    <ConflictNotice
      conflict={conflict}
      texts={HISTORY_ID}
      title={SUMMARY_CONFLICT_TEXTS.title}
      message={SUMMARY_CONFLICT_TEXTS.message}
      reloadLabel={SUMMARY_CONFLICT_TEXTS.reload}
      applyLabel={SUMMARY_CONFLICT_TEXTS.apply}
      onReload={onReload}
      onApply={onApply}
      disabled={disabled}
    />
  );
}
