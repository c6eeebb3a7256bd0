import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { numberLocale } from '../../../../shared/format/money';
import { THIRD_PARTIES_ANCHOR } from '../../../../shared/miles/location-choice';
import { PATHS } from '../../../../shared/site-map';
import { RadioGroup } from '../../../components/ui/form-fields';
import { QueryStatus } from '../../../components/ui/query-status';
import { useModalDialog } from '../../../components/ui/use-modal-dialog';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { useApiQuery } from '../../../lib/api/use-api-query';
import { NewsLine } from '../components/news-line';
import {
  eraseKeptLocations,
  fetchLocationChoice,
  LOCATIONS_ERASED_EVENT,
  saveLocationChoice,
  type LocationChoice,
  type LocationChoiceView,
} from './location-api';
import type { News } from '../components/news';

/**
 * "Your location data" (issue 27): keep where trips start and end, or miles only, from now on;
 * how many trips carry a location; erasing them (asked first); who receives the customer's data.
 */
export function LocationPanel() {
  const { t } = useTranslation('profile');
  const id = useId();
  const load = useApiQuery(['locations'], fetchLocationChoice);
  return (
    <section className="profile-section location-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('locations.title')}</h2>
      <p>{t('locations.intro')}</p>
      <QueryStatus state={load.state} loading={t('locations.loading')} failed={t('locations.loadFailed')} />
      {load.state === 'ready' && <LocationChoiceForms view={load.data} onChanged={(view) => load.setData(() => view)} />}
    </section>
  );
}

function LocationChoiceForms({ view, onChanged }: { view: LocationChoiceView; onChanged: (view: LocationChoiceView) => void }) {
  const { t } = useTranslation('profile');
  const { locale, to } = useLocale();
  const [choice, setChoice] = useState<LocationChoice>(view.choice);
  const [saving, setSaving] = useState(false);
  const [news, setNews] = useState<News>();
  const [confirming, setConfirming] = useState(false);
  const eraseButton = useRef<HTMLButtonElement>(null);
  const shownDialog = useRef(false);
  // Back to the button once the dialog is gone (while it is open the page behind it is inert, so the focus must wait for it to close).
  useEffect(() => {
    if (confirming) shownDialog.current = true;
    else if (shownDialog.current) {
      shownDialog.current = false;
      eraseButton.current?.focus();
    }
  }, [confirming]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setNews(undefined);
    const result = await saveLocationChoice(choice);
    setSaving(false);
    if (!result.ok) return setNews({ kind: 'error', text: t('locations.saveFailed') });
    onChanged(result.value);
    setNews({ kind: 'ok', text: t(result.value.choice === 'keep' ? 'locations.savedKeep' : 'locations.savedMilesOnly') });
  };

  const erased = (cleared: number, after: LocationChoiceView) => {
    setConfirming(false);
    onChanged(after);
    window.dispatchEvent(new Event(LOCATIONS_ERASED_EVENT));
    setNews({ kind: 'ok', text: cleared > 0 ? t('locations.erased', { count: cleared }) : t('locations.erasedNone') });
  };

  const chosenAt = view.chosenAt && new Intl.DateTimeFormat(numberLocale(locale), { dateStyle: 'long' }).format(new Date(view.chosenAt));
  return (
    <>
      <p className="location-panel__count">{view.tripsWithLocation > 0 ? t('locations.count', { count: view.tripsWithLocation }) : t('locations.none')}</p>
      <form className="form location-panel__form" noValidate onSubmit={(event) => void save(event)}>
        <RadioGroup<LocationChoice>
          legend={t('locations.legend')}
          name="locationChoice"
          value={choice}
          hint={chosenAt ? t('locations.chosenAt', { date: chosenAt }) : t('locations.default')}
          options={[
            { value: 'miles-only', label: t('locations.milesOnly') },
            { value: 'keep', label: t('locations.keep') },
          ]}
          onChange={setChoice}
        />
        <p className="muted">{t('locations.fromNow')}</p>
        <div>
          <button type="submit" className="button button--fill" disabled={saving}>
            {saving ? t('locations.saving') : t('locations.save')}
          </button>
        </div>
      </form>
      <h3>{t('locations.eraseTitle')}</h3>
      <p>{t('locations.eraseText')}</p>
      <div>
        <button ref={eraseButton} type="button" className="button button--outline" aria-haspopup="dialog" onClick={() => setConfirming(true)}>
          {t('locations.erase')}
        </button>
      </div>
      <NewsLine news={news} />
      {confirming && (
        <EraseDialog
          count={view.tripsWithLocation}
          onClose={() => setConfirming(false)}
          onErased={erased}
          onFailed={() => {
            setConfirming(false);
            setNews({ kind: 'error', text: t('locations.eraseFailed') });
          }}
        />
      )}
      <p className="location-panel__more">
        <a href={`${to(PATHS['privacy-policy'])}#${THIRD_PARTIES_ANCHOR}`}>{t('locations.thirdParties')}</a>
      </p>
    </>
  );
}

/** Erasing asks first, in a modal dialog (the browser's own: focus kept inside, Escape closes). */
function EraseDialog(props: { count: number; onClose: () => void; onErased: (cleared: number, after: LocationChoiceView) => void; onFailed: () => void }) {
  const { t } = useTranslation('profile');
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);

  useModalDialog(dialog);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await eraseKeptLocations();
    setBusy(false);
    if (!result.ok) return props.onFailed();
    const { cleared, ...after } = result.value;
    props.onErased(cleared, after);
  };

  return (
    <dialog ref={dialog} className="dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} onCancel={props.onClose}>
      <form noValidate onSubmit={(event) => void confirm(event)} className="dialog__form">
        <h2 id={`${id}-title`}>{t('locations.confirmTitle')}</h2>
        <p id={`${id}-text`}>{props.count > 0 ? t('locations.confirmText', { count: props.count }) : t('locations.confirmNone')}</p>
        <div className="dialog__actions">
          <button type="submit" className="button button--danger" disabled={busy}>
            {busy ? t('locations.erasing') : t('locations.confirm')}
          </button>
          <button type="button" className="button button--outline" disabled={busy} onClick={props.onClose}>
            {t('locations.keepThem')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
