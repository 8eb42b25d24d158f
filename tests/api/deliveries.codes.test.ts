// The delivery API's refusals that carry numbers or names (the daily limits' 429s, pages beyond
// the PDF, a period that does not exist) answer a code and its params beside the English text,
// and the page words them in English and Indonesian with the numbers written as each language
// writes them (src/domain/delivery/deliveryErrors.ts). Nothing is stored by a refused job.
import { describe, expect, test } from 'vitest';
import { deliveryErrorText, deliveryNoticeText } from '../../src/domain/delivery/deliveryErrors';
import { DELIVERY_TEXTS } from '../../src/domain/i18n/en/delivery';
import { DELIVERY_ID } from '../../src/domain/i18n/idDelivery';
import { MAIL_TEXTS } from '../../src/domain/i18n/en/mail';
import { MAIL_ID } from '../../src/domain/i18n/idMail';
import { jobForm, mergedPdf, rowsFor } from '../support/deliveryJob';
import { ENGINES } from './business.support';
import { deliveryApp } from './deliveries.support';

describe.each(ENGINES)('coded delivery refusals on %s', (engine) => {
  const app = deliveryApp(engine, 'codes', 1);
  const post = app.post;
  /** A success notice as Pengiriman words it in each language. */
  const noticed = (body: any) => ({
    en: deliveryNoticeText(DELIVERY_TEXTS, 'en', body.code, body.params),
    id: deliveryNoticeText(DELIVERY_ID, 'id', body.code, body.params),
  });
  /** The refusal as the page words it in each language. */
  const worded = (body: any) => ({
    en: deliveryErrorText(MAIL_TEXTS, 'en', body.code, body.params),
    id: deliveryErrorText(MAIL_ID, 'id', body.code, body.params),
  });
  const jobs = async () =>
    Number(
      (
        await app.ctx.db
          .selectFrom('deliveries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  test('each refusal names its numbers in English and Indonesian', async () => {
    const onePage = await mergedPdf([{ key: 'A', customer: 'a' }]);

    const noPeriod = await post(
      jobForm({ period: '2031-01', recipients: rowsFor(['a@example.com']) }, onePage),
    );
    expect(noPeriod.status).toBe(404);
    expect(noPeriod.body).toMatchObject({
      error: 'Period 2031-01 does not exist',
      code: 'periodNotFound',
      params: { period: '2031-01' },
    });
    expect(worded(noPeriod.body)).toEqual({
      en: 'Period 2031-01 does not exist.',
      id: 'Periode 2031-01 tidak ada.',
    });

    const beyond = await post(
      jobForm(
        { period: '2025-06', recipients: rowsFor(['a@example.com', 'b@example.com']) },
        onePage,
      ),
    );
    expect(beyond.status).toBe(400);
    expect(beyond.body).toMatchObject({ code: 'badPages', params: { row: 3, pages: 1 } });
    expect(worded(beyond.body)).toEqual({
      en: 'Row 3: its pages are not within the PDF’s 1 pages.',
      id: 'Baris 3: halamannya tidak berada dalam 1 halaman PDF.',
    });

    // 1,001 recipients against a daily limit of 1,000: refused before any document is read.
    const many = rowsFor(Array.from({ length: 1001 }, (_, i) => `c${i}@example.com`));
    const overRecipients = await post(jobForm({ period: '2025-06', recipients: many }, onePage));
    expect(overRecipients.status).toBe(429);
    expect(overRecipients.body).toMatchObject({
      code: 'userRecipientLimit',
      params: { limit: 1000 },
    });
    expect(overRecipients.body.error).toContain('over 1000 recipients today');
    const overWords = worded(overRecipients.body);
    expect(overWords.en).toContain('over 1,000 recipients today, the daily limit');
    expect(overWords.id).toContain('batas harian 1.000 penerima Anda');
    expect(await jobs()).toBe(0);

    // One job a day: the first goes (its answer counted in each language), the second is refused
    // with the limit named.
    const first = await post(jobForm({ period: '2025-06', recipients: many.slice(0, 1) }, onePage));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      message: '1 e-mail queued',
      code: 'queued',
      params: { count: 1 },
    });
    expect(noticed(first.body)).toEqual({
      en: '1 e-mail queued.',
      id: '1 e-mail masuk antrean.',
    });
    const overJobs = await post(
      jobForm({ period: '2025-06', recipients: rowsFor(['z@example.com'], 'INV-Z-') }, onePage),
    );
    expect(overJobs.status).toBe(429);
    expect(overJobs.body).toMatchObject({ code: 'userJobLimit', params: { limit: 1 } });
    expect(worded(overJobs.body)).toEqual({
      en: 'You have started 1 delivery jobs today, the daily limit. Try again tomorrow (UTC).',
      id: 'Anda sudah memulai 1 pengiriman hari ini, batas harian. Coba lagi besok (UTC).',
    });
    expect(await jobs()).toBe(1);
  });

  test('a mail queued again names its count in English and Indonesian', async () => {
    // The job of the test above: its one mail failed, then Resend and Resend failed queue it again.
    const recipient = await app.ctx.db
      .selectFrom('delivery_recipients')
      .select(['id', 'delivery_id'])
      .executeTakeFirstOrThrow();
    const fail = () =>
      app.ctx.db
        .updateTable('delivery_recipients')
        .set({ status: 'failed' })
        .where('id', '=', recipient.id)
        .execute();
    const action = async (path: string) => {
      const res = await app.ctx.app.request(`/api/v1/deliveries/${path}`, {
        method: 'POST',
        body: '{}',
        headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' },
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    await fail();
    const one = await action(`recipients/${recipient.id}/resend`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ code: 'queuedAgain', params: { count: 1 } });
    expect(noticed(one.body)).toEqual({
      en: '1 e-mail queued again.',
      id: '1 e-mail masuk antrean lagi.',
    });
    await fail();
    const failed = await action(`${recipient.delivery_id}/resend-failed`);
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ code: 'queuedAgain', params: { count: 1 } });
  });

  test('an answer without a code it knows is left to the English text', () => {
    expect(deliveryNoticeText(DELIVERY_TEXTS, 'en', 'paused', {})).toBeNull();
    expect(deliveryErrorText(MAIL_TEXTS, 'en', undefined, undefined)).toBeNull();
    expect(deliveryErrorText(MAIL_ID, 'id', 'toString', {})).toBeNull();
  });
});
