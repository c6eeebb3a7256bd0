import { useId, useRef, useState } from 'react';
import { formatCoverStart } from '../../../../shared/policy/cover-start';
import { vehicleName } from '../../../../shared/quote/quote-model';
import { SelectField } from '../../../components/ui/form-fields';
import { useFocusNext } from '../../../components/ui/use-focus-next';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { useApiQuery } from '../../../lib/api/use-api-query';
import { fetchProofLinks, makeProofLink, revokeProofLink } from '../api/proof-links-api';
import type { PolicyView } from '../../../../shared/policy/policy-model';
import type { ProofLinkCreated, ProofLinkView } from '../../../../shared/policy/proof-link-model';

const ALL = 'all';

/**
 * Issue 27: "Share proof of insurance" beside the policy's ID card. The customer makes a link
 * (one car or all) for a lender, a landlord or a rental desk, sees it once to copy, and sees the
 * live links with their expiry and views, each with Revoke. The link is shown only in the answer
 * that made it: the server keeps its hash alone.
 */
export function ShareProof({ policy }: { policy: Pick<PolicyView, 'id' | 'number' | 'state' | 'vehicles'> }) {
  const { t } = useTranslation('profile');
  const { locale } = useLocale();
  const id = useId();
  const links = useApiQuery(['proof-links', policy.id], () => fetchProofLinks(policy.id));
  const [car, setCar] = useState(ALL);
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<ProofLinkCreated>();
  const [news, setNews] = useState<{ kind: 'ok' | 'error'; text: string }>();
  const madeInput = useRef<HTMLInputElement>(null);
  const makeButton = useRef<HTMLButtonElement>(null);
  const focusNext = useFocusNext(busy);
  const several = policy.vehicles.length > 1;

  const carOf = (link: Pick<ProofLinkView, 'vehicleIndex'>) => {
    // A one-car policy's link of "every car" shows that car: named as such.
    const vehicle = link.vehicleIndex === null ? (several ? undefined : policy.vehicles[0]) : policy.vehicles.find((v) => v.vehicleIndex === link.vehicleIndex);
    return vehicle ? vehicleName(vehicle) : t('proof.allCars');
  };
  const moment = (at: string) => formatCoverStart(at, policy.state, locale);

  const make = async () => {
    setBusy(true);
    setNews(undefined);
    const answer = await makeProofLink(policy.id, car === ALL ? null : Number(car));
    setBusy(false);
    if (!answer.ok) {
      const code = answer.failure.code;
      setNews({
        kind: 'error',
        text: code === 'PROOF_LINKS_TOO_MANY' ? t('proof.tooMany') : code === 'PROOF_NOT_AVAILABLE' ? t('proof.notAvailable') : t('proof.failed'),
      });
      focusNext(() => makeButton.current);
      return;
    }
    setMade(answer.value);
    links.setData((shown) => [answer.value, ...shown.filter((l) => l.id !== answer.value.id)]);
    focusNext(() => madeInput.current);
  };

  const copy = async () => {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made.url);
      setNews({ kind: 'ok', text: t('proof.copied') });
    } catch {
      // No clipboard (an old browser, a page not allowed it): the link is selected to copy by hand.
      madeInput.current?.select();
      setNews({ kind: 'error', text: t('proof.copyByHand') });
    }
  };

  const revoke = async (link: ProofLinkView) => {
    setBusy(true);
    setNews(undefined);
    const answer = await revokeProofLink(policy.id, link.id);
    setBusy(false);
    // Gone already (revoked in another tab, or expired): it is not live either way.
    if (answer.ok || answer.failure.code === 'PROOF_LINK_NOT_FOUND') {
      links.setData((shown) => shown.filter((l) => l.id !== link.id));
      if (made?.id === link.id) setMade(undefined);
      setNews({ kind: 'ok', text: t('proof.revoked', { car: carOf(link) }) });
    } else {
      setNews({ kind: 'error', text: t('proof.failed') });
    }
    focusNext(() => makeButton.current);
  };

  const live = links.state === 'ready' ? links.data : [];
  return (
    <section className="share-proof" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="share-proof__title">
        {t('proof.title')}
      </h4>
      <p className="muted">{t('proof.intro')}</p>
      <div className="share-proof__make">
        {several && (
          <SelectField label={t('proof.which')} value={car} onChange={(event) => setCar(event.target.value)} disabled={busy}>
            <option value={ALL}>{t('proof.allCars')}</option>
            {policy.vehicles.map((v) => (
              <option key={v.vehicleIndex} value={String(v.vehicleIndex)}>
                {vehicleName(v)}
              </option>
            ))}
          </SelectField>
        )}
        <button type="button" ref={makeButton} className="button button--outline" onClick={() => void make()} disabled={busy}>
          {t('proof.make')} <span className="visually-hidden">{t('proof.ofPolicy', { number: policy.number })}</span>
        </button>
      </div>
      {made && (
        <div className="share-proof__made">
          <label htmlFor={`${id}-url`}>{t('proof.madeLabel', { car: carOf(made) })}</label>
          <p id={`${id}-url-hint`} className="field__hint">
            {t('proof.madeHint', { moment: moment(made.expiresAt) })}
          </p>
          <div className="share-proof__copy">
            <input id={`${id}-url`} ref={madeInput} readOnly value={made.url} aria-describedby={`${id}-url-hint`} onFocus={(event) => event.target.select()} />
            <button type="button" className="button button--fill" onClick={() => void copy()}>
              {t('proof.copy')}
            </button>
          </div>
        </div>
      )}
      <div role="status">{news && <p className={news.kind === 'ok' ? 'notice' : 'field__error'}>{news.text}</p>}</div>
      {live.length > 0 && (
        <>
          <h5 className="share-proof__live-title">{t('proof.live')}</h5>
          <ul className="share-proof__list">
            {live.map((link) => (
              <li key={link.id} className="share-proof__link">
                <span>
                  <strong>{carOf(link)}</strong>
                  <br />
                  <span className="muted">
                    {t('proof.expires', { moment: moment(link.expiresAt) })} · {t('proof.views', { views: link.views })}
                    {link.madeBy === 'staff' ? ` · ${t('proof.byStaff')}` : ''}
                  </span>
                </span>
                <button
                  type="button"
                  className="button button--text"
                  onClick={() => void revoke(link)}
                  disabled={busy}
                  aria-label={t('proof.revokeNamed', { car: carOf(link), moment: moment(link.expiresAt) })}
                >
                  {t('proof.revoke')}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
