import { useId, useState, type FormEvent } from 'react';
import { LOCALES, type Locale } from '../../../../shared/locale';
import { SelectField, TextField } from '../../../components/ui/form-fields';
import { QueryStatus } from '../../../components/ui/query-status';
import { useTranslation } from '../../../i18n/use-translation';
import { useApiQuery } from '../../../lib/api/use-api-query';
import { fetchAccount, updateAccount, type Account } from '../api/account-api';

/** Name and the language we write in (mail, documents); the e-mail shown but not changed here. */
export function AccountPanel() {
  const { t } = useTranslation('profile');
  const id = useId();
  const load = useApiQuery(['account'], fetchAccount);

  return (
    <section className="profile-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('account.title')}</h2>
      <QueryStatus state={load.state} loading={t('account.loading')} failed={t('account.loadFailed')} />
      {load.state === 'ready' && <AccountForm account={load.data} onSaved={(saved) => load.setData(() => saved)} />}
    </section>
  );
}

/** The form, filled from the account as loaded. */
function AccountForm({ account, onSaved }: { account: Account; onSaved: (account: Account) => void }) {
  const { t } = useTranslation('profile');
  const [name, setName] = useState(account.name ?? '');
  const [preferredLocale, setPreferredLocale] = useState<Locale>(account.preferredLocale);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<'saved' | 'failed'>();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setOutcome(undefined);
    const result = await updateAccount({ name: name.trim(), preferredLocale });
    setSaving(false);
    if (!result.ok) return setOutcome('failed');
    onSaved(result.value);
    setOutcome('saved');
  };

  return (
    <form className="form account-form" noValidate onSubmit={(event) => void save(event)}>
      <TextField label={t('account.email')} hint={t('account.emailHint')} value={account.email} readOnly name="email" type="email" />
      <TextField
        label={t('account.name')}
        name="name"
        autoComplete="name"
        maxLength={120}
        value={name}
        disabled={saving}
        onChange={(event) => setName(event.target.value)}
      />
      <SelectField
        label={t('account.language')}
        hint={t('account.languageHint')}
        name="preferredLocale"
        value={preferredLocale}
        disabled={saving}
        onChange={(event) => setPreferredLocale(event.target.value as Locale)}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {t(`account.languages.${locale}`)}
          </option>
        ))}
      </SelectField>
      <div>
        <button type="submit" className="button button--fill" disabled={saving}>
          {saving ? t('account.saving') : t('account.save')}
        </button>
      </div>
      <div role="status">{outcome === 'saved' && <p className="notice">{t('account.saved')}</p>}</div>
      {outcome === 'failed' && (
        <p className="notice notice--error" role="alert">
          {t('account.failed')}
        </p>
      )}
    </form>
  );
}
