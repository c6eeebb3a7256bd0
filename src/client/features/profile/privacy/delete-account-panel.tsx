import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { NewsLine } from '../components/news-line';
import { askDeletion, fetchDeletionPreview, type DeletionAsked, type DeletionBlocker } from './delete-account-api';
import type { News } from '../components/news';

type Step = { kind: 'start' } | { kind: 'review'; blockers: DeletionBlocker[] } | { kind: 'sent'; asked: DeletionAsked };

/**
 * "Delete my account" (issue 27), in My account's "Your data" area: what stops it today, or what
 * is erased and what the law makes us keep; then the confirmation link by e-mail. Nothing is
 * deleted here: only the confirm on the page the link opens deletes. Reads nothing with the page.
 */
export function DeleteAccountPanel() {
  const { t } = useTranslation('profile');
  const id = useId();
  const [step, setStep] = useState<Step>({ kind: 'start' });
  const [busy, setBusy] = useState(false);
  const [news, setNews] = useState<News>();
  const heading = useRef<HTMLHeadingElement>(null);

  const review = async () => {
    setBusy(true);
    setNews(undefined);
    const result = await fetchDeletionPreview();
    setBusy(false);
    if (!result.ok) return setNews({ kind: 'error', text: t('deleteAccount.failed') });
    setStep({ kind: 'review', blockers: result.value.blockers });
    requestAnimationFrame(() => heading.current?.focus());
  };

  const ask = async () => {
    setBusy(true);
    setNews(undefined);
    const result = await askDeletion();
    setBusy(false);
    if (result.ok) {
      setStep({ kind: 'sent', asked: result.value });
      return requestAnimationFrame(() => heading.current?.focus());
    }
    const blockers = result.failure.extra.blockers as DeletionBlocker[] | undefined;
    if (result.failure.code === 'ACCOUNT_DELETION_BLOCKED' && blockers) return setStep({ kind: 'review', blockers });
    setNews({ kind: 'error', text: t(result.failure.code === 'ACCOUNT_DELETION_TOO_MANY' ? 'deleteAccount.tooMany' : 'deleteAccount.failed') });
  };

  const list = (key: string) => (
    <ul>
      {(t(key, { returnObjects: true }) as unknown as string[]).map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );

  return (
    <section className="profile-section delete-account" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('deleteAccount.title')}</h2>
      <p>{t('deleteAccount.intro')}</p>
      {step.kind === 'start' && (
        <div>
          <button type="button" className="button button--outline" disabled={busy} onClick={() => void review()}>
            {busy ? t('deleteAccount.checking') : t('deleteAccount.start')}
          </button>
        </div>
      )}
      {step.kind === 'review' && step.blockers.length > 0 && (
        <div className="delete-account__step">
          <h3 ref={heading} tabIndex={-1}>
            {t('deleteAccount.blockedTitle')}
          </h3>
          <p>{t('deleteAccount.blocked')}</p>
          <ul>
            {step.blockers.map((b) => (
              <li key={`${b.kind}-${b.reference}`}>{t(`deleteAccount.blocker.${b.kind}`, { reference: b.reference })}</li>
            ))}
          </ul>
        </div>
      )}
      {step.kind === 'review' && step.blockers.length === 0 && (
        <div className="delete-account__step">
          <h3 ref={heading} tabIndex={-1}>
            {t('deleteAccount.erasedTitle')}
          </h3>
          {list('deleteAccount.erased')}
          <h3>{t('deleteAccount.keptTitle')}</h3>
          {list('deleteAccount.kept')}
          <p className="muted">{t('deleteAccount.how')}</p>
          <div className="delete-account__actions">
            <button type="button" className="button button--danger" disabled={busy} onClick={() => void ask()}>
              {busy ? t('deleteAccount.sending') : t('deleteAccount.send')}
            </button>
            <button type="button" className="button button--outline" disabled={busy} onClick={() => setStep({ kind: 'start' })}>
              {t('deleteAccount.notNow')}
            </button>
          </div>
        </div>
      )}
      {step.kind === 'sent' && (
        <div className="delete-account__step">
          <h3 ref={heading} tabIndex={-1}>
            {t('deleteAccount.sentTitle')}
          </h3>
          <p>{t('deleteAccount.sent', { email: step.asked.sentTo })}</p>
        </div>
      )}
      <NewsLine news={news} />
    </section>
  );
}
