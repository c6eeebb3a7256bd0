import { useEffect, useId, useState } from 'react';
import { formatCents, formatDay } from '../../../../shared/format/money';
import { formatCoverStart } from '../../../../shared/policy/cover-start';
import { accessAllows, type PolicyAccessLevel } from '../../../../shared/policy/household-model';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { fetchReinstatementOffer, reinstatePolicy, type ReinstatementOffer } from '../../../lib/policy/reinstatement-api';
import { NewsLine } from './news-line';
import type { PolicyView } from '../../../../shared/policy/policy-model';
import type { News } from './news';

/**
 * After a cancellation for non-payment (issue 26): the offer to reinstate while it stands (pay
 * what is owed, state that nothing happened since cover ended, cover resumes from then), and on
 * a reinstated policy the time it was not covered. A household member (issue 27, `access` their
 * role) reads the offer; reinstating is for a role that makes changes.
 */
export function ReinstatementNotice({
  policy,
  onChange,
  access = 'owner',
}: {
  policy: PolicyView;
  onChange: (policy: PolicyView) => void;
  access?: PolicyAccessLevel;
}) {
  const { t } = useTranslation('profile');
  const { locale } = useLocale();
  const id = useId();
  const [offer, setOffer] = useState<ReinstatementOffer | null>(null);
  const [stated, setStated] = useState(false);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [news, setNews] = useState<News>();
  const offered = policy.status === 'cancelled' && policy.cancellationReason === 'non-payment';

  useEffect(() => {
    if (!offered) return;
    let live = true;
    void fetchReinstatementOffer(policy.id).then((answer) => {
      if (live && answer.ok) setOffer(answer.value);
    });
    return () => {
      live = false;
    };
  }, [offered, policy.id]);

  const gaps = policy.coverGaps ?? [];
  if (!(offered && offer) && !gaps.length && !news) return null;

  const reinstate = async () => {
    if (!stated) return setMissing(true);
    setBusy(true);
    const answer = await reinstatePolicy(policy.id);
    setBusy(false);
    if (!answer.ok) {
      const { status, extra } = answer.failure;
      const lastDay = typeof extra.lastDay === 'string' ? extra.lastDay : offer?.lastDay;
      if (status === 409) setOffer(null);
      return setNews({
        kind: 'error',
        text:
          status === 402
            ? t('reinstatement.declined')
            : status === 409 && lastDay
              ? t('reinstatement.closed', { date: formatDay(lastDay, locale) })
              : t('reinstatement.failed'),
      });
    }
    setOffer(null);
    onChange(answer.value);
    setNews({ kind: 'ok', text: t('reinstatement.done') });
  };

  const from = offer ? formatDay(offer.coverEndedOn, locale) : '';
  return (
    <section className={`notice reinstatement${offer ? ' notice--error' : ''}`} aria-label={t('reinstatement.title')}>
      {offered && offer && (
        <>
          <p data-testid="reinstatement-offer">
            {t('reinstatement.offer', {
              from,
              date: formatDay(offer.lastDay, locale),
              amount: formatCents(offer.amountCents, locale),
            })}
          </p>
          {accessAllows(access, 'change') && (
            <>
              <div className="field">
                <label className="choice__option">
                  <input
                    type="checkbox"
                    name="noLossStatement"
                    checked={stated}
                    disabled={busy}
                    aria-invalid={missing && !stated ? true : undefined}
                    aria-describedby={missing && !stated ? `${id}-statement-error` : undefined}
                    onChange={(event) => setStated(event.target.checked)}
                  />
                  <span>{t('reinstatement.statement', { from })}</span>
                </label>
                {missing && !stated && (
                  <p id={`${id}-statement-error`} className="field__error">
                    {t('reinstatement.statementMissing')}
                  </p>
                )}
              </div>
              <button type="button" className="button" disabled={busy} onClick={() => void reinstate()}>
                {busy ? t('reinstatement.reinstating') : t('reinstatement.reinstate', { amount: formatCents(offer.amountCents, locale) })}
              </button>
            </>
          )}
        </>
      )}
      {gaps.map((gap) => (
        <p key={gap.from} data-testid="cover-gap">
          {t('reinstatement.gap', { from: formatCoverStart(gap.from, policy.state, locale), to: formatCoverStart(gap.to, policy.state, locale) })}
        </p>
      ))}
      <NewsLine news={news} />
    </section>
  );
}
