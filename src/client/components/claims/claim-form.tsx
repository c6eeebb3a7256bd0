import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CLAIM_KINDS, CLAIM_PHOTO_LIMIT, CLAIM_PHOTO_TYPES, CLAIM_TEXT_LIMITS, type ClaimKind, type NewClaim } from '../../../shared/claims/claim-model';
import { CLAIMS_PHONE } from '../../../shared/claims/claims-contact';
import { formatMomentIn } from '../../../shared/policy/cover-start';
import { vehicleName } from '../../../shared/quote/quote-model';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { addClaimPhoto, reportClaim, type ClaimView } from '../../lib/claims/claims-api';
import { photoProblem } from '../../lib/claims/photo-problem';
import { RadioGroup, SelectField, TextAreaField, TextField } from '../ui/form-fields';
import { photoFailure } from './photo-failure';
import type { Locale } from '../../../shared/locale';
import type { PolicyView } from '../../../shared/policy/policy-model';
import type { ApiFailure } from '../../lib/api/api-result';

type Field = 'policy' | 'kind' | 'occurredAt' | 'location' | 'description' | 'injuries' | 'photos' | 'form';
type Errors = Partial<Record<Field, string>>;

/** The server's refusals a field of this form explains. */
const FIELD_OF: Partial<Record<string, Field>> = {
  CLAIM_IN_FUTURE: 'occurredAt',
  CLAIM_BEFORE_POLICY: 'occurredAt',
  CLAIM_AFTER_COVERAGE: 'occurredAt',
  CLAIM_VEHICLE_NOT_COVERED_THEN: 'occurredAt',
  CLAIM_PHOTO_INVALID: 'photos',
  CLAIM_TOO_MANY_PHOTOS: 'photos',
  CLAIM_POLICY_NOT_BOUND: 'policy',
  CLAIM_VEHICLE_UNKNOWN: 'policy',
};

/** "2026-11-24T17:30" in the browser's own time, for the picker's max. */
function localNow(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

type Translate = (key: string, values?: Record<string, string | number>) => string;

function failureMessage(t: Translate, failure: ApiFailure, locale: Locale): [Field, string] {
  const field = failure.code ? FIELD_OF[failure.code] : undefined;
  // Cover begins at a moment (issue 26): the refusal names it, in the policy's state's time zone.
  const { coverStartsAt, timeZone, from, to } = failure.extra;
  if (failure.code === 'CLAIM_BEFORE_POLICY' && typeof coverStartsAt === 'string' && typeof timeZone === 'string')
    return ['occurredAt', t('errors.CLAIM_BEFORE_COVER', { moment: formatMomentIn(coverStartsAt, timeZone, locale) })];
  // Between a cancellation for non-payment and the reinstatement: the refusal names both moments.
  if (failure.code === 'CLAIM_DURING_LAPSE' && typeof from === 'string' && typeof to === 'string' && typeof timeZone === 'string')
    return ['occurredAt', t('errors.CLAIM_DURING_LAPSE', { from: formatMomentIn(from, timeZone, locale), to: formatMomentIn(to, timeZone, locale) })];
  if (field) return [field, t(`errors.${failure.code}`)];
  if (failure.status === 400) return ['form', t('errors.invalid')];
  if (failure.status === 429) return ['form', t('errors.tooMany', { phone: CLAIMS_PHONE })];
  return ['form', t('errors.failed')];
}

/**
 * First notice of loss: which car, accident or theft, when and where, what happened, the other
 * party and the police report if any, injuries, and up to five photos. One key per report: a
 * second click or a retry after no answer gets the claim the first made, never a second one.
 */
export function ClaimForm(props: { policies: PolicyView[]; onReported: (claim: ClaimView) => void; onCancel: () => void }) {
  const { t } = useTranslation('claims');
  const { locale } = useLocale();
  const cars = props.policies.flatMap((policy) => policy.vehicles.map((vehicle) => ({ policy, index: vehicle.vehicleIndex, vehicle })));
  const [car, setCar] = useState(cars.length === 1 ? '0' : '');
  const [kind, setKind] = useState<ClaimKind>();
  const [occurredAt, setOccurredAt] = useState('');
  const [location, setLocation] = useState('');
  const [description, setDescription] = useState('');
  const [otherParty, setOtherParty] = useState('');
  const [policeReport, setPoliceReport] = useState('');
  const [injuries, setInjuries] = useState<'yes' | 'no'>();
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  /**
   * The report's key: a retry of the same report (no answer, a second click) sends the same, a
   * changed report a new one; and the photos that reached it, which a retry does not send again.
   */
  const attempt = useRef<{ key: string; body: string; photosSent: Set<File> }>();
  const form = useRef<HTMLFormElement>(null);
  /** Set when a send was refused: once the errors are drawn, the first field in error takes the focus. */
  const focusError = useRef(false);

  useEffect(() => {
    if (!focusError.current) return;
    focusError.current = false;
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid?.tagName === 'FIELDSET' ? invalid.querySelector<HTMLElement>('input') : invalid)?.focus();
  }, [errors]);

  /** A change to a field: its own error (and the form's) goes, the others stay until the next send. */
  const edited =
    <T,>(field: Field, set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setErrors(({ [field]: _fixed, form: _form, ...rest }) => rest);
    };

  const check = (): Errors => {
    const found: Errors = {};
    if (car === '') found.policy = t('errors.carRequired');
    if (!kind) found.kind = t('errors.kindRequired');
    if (!occurredAt || Number.isNaN(new Date(occurredAt).getTime())) found.occurredAt = t('errors.whenRequired');
    else if (new Date(occurredAt).getTime() > Date.now()) found.occurredAt = t('errors.CLAIM_IN_FUTURE');
    if (location.trim().length < 3) found.location = t('errors.whereRequired');
    if (description.trim().length < 10) found.description = t('errors.whatRequired');
    if (!injuries) found.injuries = t('errors.injuriesRequired');
    const problem = photoProblem(photos);
    if (problem) found.photos = t(`errors.photos.${problem}`);
    return found;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = check();
    focusError.current = Object.keys(found).length > 0;
    setErrors(found);
    if (focusError.current) return;
    setBusy(true);
    const chosen = cars[Number(car)];
    const claim: NewClaim = {
      policyId: chosen.policy.id,
      vehicleIndex: chosen.index,
      kind: kind!,
      occurredAt: new Date(occurredAt).toISOString(),
      location: location.trim(),
      description: description.trim(),
      ...(otherParty.trim() && { otherParty: otherParty.trim() }),
      ...(policeReport.trim() && { policeReport: policeReport.trim() }),
      injuries: injuries === 'yes',
    };
    const body = JSON.stringify(claim);
    if (attempt.current?.body !== body) attempt.current = { key: crypto.randomUUID(), body, photosSent: new Set() };
    const { key, photosSent } = attempt.current;
    const sent = await reportClaim(key, claim);
    if (!sent.ok) {
      setBusy(false);
      const [field, message] = failureMessage(t, sent.failure, locale);
      return setErrors({ [field]: message });
    }
    // The report is in; its photos follow one by one, each as itself.
    let reported = sent.value;
    for (const [index, photo] of photos.entries()) {
      if (photosSent.has(photo)) continue;
      const added = await addClaimPhoto(reported.id, photo);
      if (!added.ok) {
        setBusy(false);
        focusError.current = true;
        return setErrors({ photos: t('errors.photoNotSent', { number: reported.number, n: index + 1, reason: photoFailure(t, added.failure) }) });
      }
      photosSent.add(photo);
      reported = added.value;
    }
    setBusy(false);
    props.onReported(reported);
  };

  return (
    <form ref={form} className="form claim-form card" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="claim-form-title">
      <h3 id="claim-form-title">{t('form.title')}</h3>
      <p className="muted">{t('form.intro')}</p>
      <SelectField label={t('form.car')} value={car} onChange={(event) => edited('policy', setCar)(event.target.value)} error={errors.policy} required>
        {cars.length > 1 && <option value="">{t('form.chooseCar')}</option>}
        {cars.map((option, index) => (
          <option key={`${option.policy.id}:${option.index}`} value={String(index)}>
            {t('form.carOption', { car: vehicleName(option.vehicle), number: option.policy.number })}
          </option>
        ))}
      </SelectField>
      <RadioGroup
        legend={t('form.kind')}
        name="claim-kind"
        value={kind}
        options={CLAIM_KINDS.map((value) => ({ value, label: t(`form.kinds.${value}`) }))}
        onChange={edited('kind', setKind)}
        error={errors.kind}
        inline
      />
      <TextField
        label={t('form.when')}
        type="datetime-local"
        value={occurredAt}
        max={localNow()}
        onChange={(event) => edited('occurredAt', setOccurredAt)(event.target.value)}
        error={errors.occurredAt}
        required
      />
      <TextField
        label={t('form.where')}
        hint={t('form.whereHint')}
        value={location}
        maxLength={CLAIM_TEXT_LIMITS.location}
        onChange={(event) => edited('location', setLocation)(event.target.value)}
        error={errors.location}
        required
      />
      <TextAreaField
        label={t('form.what')}
        hint={t('form.whatHint')}
        value={description}
        rows={5}
        maxLength={CLAIM_TEXT_LIMITS.description}
        onChange={(event) => edited('description', setDescription)(event.target.value)}
        error={errors.description}
        required
      />
      <TextAreaField
        label={t('form.otherParty')}
        hint={t('form.otherPartyHint')}
        value={otherParty}
        rows={2}
        maxLength={CLAIM_TEXT_LIMITS.otherParty}
        onChange={(event) => setOtherParty(event.target.value)}
      />
      <TextField
        label={t('form.policeReport')}
        hint={t('form.optional')}
        value={policeReport}
        maxLength={CLAIM_TEXT_LIMITS.policeReport}
        onChange={(event) => setPoliceReport(event.target.value)}
      />
      <RadioGroup
        legend={t('form.injuries')}
        name="claim-injuries"
        value={injuries}
        options={[
          { value: 'no', label: t('form.no') },
          { value: 'yes', label: t('form.yes') },
        ]}
        onChange={edited('injuries', setInjuries)}
        error={errors.injuries}
        hint={injuries === 'yes' ? t('form.injuriesHint') : undefined}
        inline
      />
      <TextField
        label={t('form.photos')}
        hint={t('form.photosHint', { count: CLAIM_PHOTO_LIMIT })}
        type="file"
        accept={CLAIM_PHOTO_TYPES.join(',')}
        multiple
        onChange={(event) => edited('photos', setPhotos)(Array.from(event.target.files ?? []))}
        error={errors.photos}
      />
      {errors.form && (
        <p className="notice notice--error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button button--fill" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('form.sending') : t('form.send')}
        </button>
        <button type="button" className="button button--text" onClick={props.onCancel} disabled={busy}>
          {t('form.cancel')}
        </button>
      </div>
    </form>
  );
}
