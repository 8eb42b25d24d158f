// Pengaturan Perusahaan (issue 33, docs/efaktur.md): the seller of the e-Faktur and the static
// QRIS, one record on the server, changed by administrators (the route's menu is theirs alone).
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  companySettingsProblems,
  digitsOnly,
  EMPTY_COMPANY_SETTINGS,
  type CompanySettings,
} from '../../domain/billing/companySettings';
import { COMPANY_TEXTS } from '../../domain/i18n/en/company';
import { Alert } from '../components/Alert';
import { PageHeader } from '../components/PageHeader';
import { TextField } from '../components/TextField';
import { useTexts, useTranslate } from '../layout/i18n';
import { companySettings } from '../wiring/companySettings';

type Problems = Partial<Record<keyof CompanySettings, string>>;

export default function CompanySettingsPage() {
  const t = useTexts('company', COMPANY_TEXTS);
  const tr = useTranslate();
  const [form, setForm] = useState<CompanySettings>(EMPTY_COMPANY_SETTINGS);
  const [version, setVersion] = useState<number | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [outcome, setOutcome] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const qrisId = useId();

  useEffect(() => {
    let live = true;
    void companySettings.get().then((result) => {
      if (!live) return;
      if (result.success && result.data) {
        const { seller_npwp, seller_nitku, seller_name, qris_static } = result.data;
        setForm({ seller_npwp, seller_nitku, seller_name, qris_static });
        setVersion(result.data.version);
      } else setOutcome({ type: 'error', text: result.error ?? '' });
      setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, []);

  const change = (field: keyof CompanySettings) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setProblems((p) => ({ ...p, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: CompanySettings = {
      seller_npwp: digitsOnly(form.seller_npwp),
      seller_nitku: digitsOnly(form.seller_nitku),
      seller_name: form.seller_name.trim(),
      qris_static: form.qris_static.trim(),
    };
    const found = companySettingsProblems(next);
    setProblems(found);
    if (Object.keys(found).length) {
      setOutcome({ type: 'error', text: t.fixErrors });
      return;
    }
    setBusy(true);
    const result = await companySettings.save(next, { version });
    setBusy(false);
    if (result.success && result.data) {
      setForm(next);
      setVersion(result.data.version);
      setOutcome({ type: 'success', text: t.saved });
    } else {
      const field = result.field as keyof CompanySettings | undefined;
      if (field && field in next) setProblems({ [field]: result.error ?? '' });
      setOutcome({ type: 'error', text: result.error ?? '' });
    }
  }

  return (
    <>
      <PageHeader title="Pengaturan Perusahaan" description={t.lead} />
      {!loaded ? (
        <p aria-busy="true">{t.loading}</p>
      ) : (
        <form
          noValidate
          onSubmit={submit}
          className="company-settings"
          aria-busy={busy || undefined}
        >
          {outcome && (
            <Alert type={outcome.type} reveal>
              {tr(outcome.text)}
            </Alert>
          )}
          <TextField
            label={t.npwp}
            value={form.seller_npwp}
            onValueChange={change('seller_npwp')}
            inputMode="numeric"
            autoComplete="off"
            error={tr(problems.seller_npwp)}
            hint={t.npwpHint}
          />
          <TextField
            label={t.nitku}
            value={form.seller_nitku}
            onValueChange={change('seller_nitku')}
            inputMode="numeric"
            autoComplete="off"
            error={tr(problems.seller_nitku)}
            hint={t.nitkuHint}
          />
          <TextField
            label={t.name}
            value={form.seller_name}
            onValueChange={change('seller_name')}
            autoComplete="organization"
            error={tr(problems.seller_name)}
          />
          <div className="app-field">
            <label htmlFor={qrisId}>{t.qris}</label>
            <textarea
              id={qrisId}
              rows={4}
              value={form.qris_static}
              spellCheck={false}
              onChange={(e) => change('qris_static')(e.currentTarget.value)}
              aria-invalid={problems.qris_static ? true : undefined}
              aria-describedby={`${qrisId}-message`}
            />
            <small id={`${qrisId}-message`}>{tr(problems.qris_static) || t.qrisHint}</small>
          </div>
          <button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {t.save}
          </button>
        </form>
      )}
    </>
  );
}
