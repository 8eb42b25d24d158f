// The mails of step 4, built in slices between which the page keeps responding: 100,000 rows
// built at once held the main thread for seconds (docs/delivery.md, "The page").
import { useEffect, useState } from 'react';
import type { MailSettings, RowMail } from '../../../domain/delivery/mailRows';
import { mailColumns, mailsIn } from '../../../machines/generator/mail';
import type { GeneratorContext } from '../../../machines/generator/types';

/** How long one slice may run before the page gets the thread back. */
const SLICE_MS = 8;

/** Gives the thread back to the browser (input, paint) and resumes as soon as it is free. */
function yieldToPage(): Promise<void> {
  return new Promise((resume) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resume();
    };
    channel.port2.postMessage(null);
  });
}

export interface BuiltMails {
  /** The mails of every row that gets one, in row order; null while they are being built. */
  mails: readonly RowMail[] | null;
  /** Rows done and rows in all, while building. */
  done: number;
  total: number;
}

/**
 * The mails of `indexes`, rebuilt when `key` changes (the inputs they depend on); a build still
 * running when they change is dropped.
 */
export function useMails(
  context: GeneratorContext,
  settings: MailSettings,
  extension: 'pdf' | 'docx',
  indexes: Uint32Array,
  key: readonly unknown[],
): BuiltMails {
  const [built, setBuilt] = useState<BuiltMails & { key: readonly unknown[] }>({
    mails: null,
    done: 0,
    total: 0,
    key: [],
  });
  useEffect(() => {
    let live = true;
    const total = indexes.length;
    const columns = mailColumns(context, settings);
    const mails: RowMail[] = [];
    void (async () => {
      let at = 0;
      let told = performance.now();
      while (at < total) {
        const started = performance.now();
        // Rows in steps of 64 until the slice's time is used up.
        while (at < total && performance.now() - started < SLICE_MS) {
          const end = Math.min(total, at + 64);
          for (const mail of mailsIn(context, settings, extension, indexes, at, end, columns))
            mails.push(mail);
          at = end;
        }
        if (at < total) {
          // The count shown moves a few times a second, not on every slice.
          if (performance.now() - told > 200) {
            told = performance.now();
            setBuilt({ mails: null, done: at, total, key });
          }
          await yieldToPage();
          if (!live) return;
        }
      }
      setBuilt({ mails, done: total, total, key });
    })();
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, key);
  // Until the build for these inputs has answered, the mails of earlier inputs are not shown.
  const current =
    built.key.length === key.length && key.every((k, i) => Object.is(k, built.key[i]));
  return current ? built : { mails: null, done: 0, total: indexes.length };
}
