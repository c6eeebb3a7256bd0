import { useId } from 'react';
import { isoDay } from '../../../../shared/dates/iso-day';
import { GENDERS, type Gender, type QuoteDriver } from '../../../../shared/quote/quote-model';
import { RadioGroup, TextField } from '../../../components/ui/form-fields';
import { useTranslation } from '../../../i18n/use-translation';
import type { FieldError } from '../use-problem-text';

export interface DriverDraft {
  firstName: string;
  lastName: string;
  birthDate: string;
  gender?: Gender;
  yearsLicensed: string;
}

export function driverDraftOf(driver?: Partial<QuoteDriver>): DriverDraft {
  return {
    firstName: driver?.firstName ?? '',
    lastName: driver?.lastName ?? '',
    birthDate: driver?.birthDate ?? '',
    gender: driver?.gender,
    yearsLicensed: driver?.yearsLicensed === undefined ? '' : String(driver.yearsLicensed),
  };
}

/** The driver as the API takes it (the shared rules say what is missing). */
export function driverFromDraft(draft: DriverDraft): QuoteDriver {
  return {
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    birthDate: draft.birthDate,
    gender: draft.gender,
    yearsLicensed: draft.yearsLicensed.trim() === '' ? undefined : Number(draft.yearsLicensed),
  } as QuoteDriver;
}

/** A driver's name, date of birth, gender and years licensed. */
export function DriverFields({ draft, onChange, error }: { draft: DriverDraft; onChange: (draft: DriverDraft) => void; error: FieldError }) {
  const { t } = useTranslation('quote');
  const id = useId();
  const set = (patch: Partial<DriverDraft>) => onChange({ ...draft, ...patch });
  return (
    <>
      <div className="field-row">
        <TextField
          label={t('driver.firstName')}
          error={error('firstName')}
          name={`${id}-firstName`}
          autoComplete="given-name"
          maxLength={60}
          value={draft.firstName}
          onChange={(e) => set({ firstName: e.target.value })}
        />
        <TextField
          label={t('driver.lastName')}
          error={error('lastName')}
          name={`${id}-lastName`}
          autoComplete="family-name"
          maxLength={60}
          value={draft.lastName}
          onChange={(e) => set({ lastName: e.target.value })}
        />
      </div>
      <TextField
        label={t('driver.birthDate')}
        hint={t('driver.birthDateHint')}
        error={error('birthDate')}
        name={`${id}-birthDate`}
        type="date"
        max={isoDay(new Date())}
        value={draft.birthDate}
        onChange={(e) => set({ birthDate: e.target.value })}
      />
      <RadioGroup
        legend={t('driver.gender.legend')}
        hint={t('driver.gender.hint')}
        error={error('gender')}
        name={`${id}-gender`}
        inline
        value={draft.gender}
        options={GENDERS.map((g) => ({ value: g, label: t(`driver.gender.${g}`) }))}
        onChange={(gender) => set({ gender })}
      />
      <TextField
        label={t('driver.yearsLicensed')}
        hint={t('driver.yearsLicensedHint')}
        error={error('yearsLicensed')}
        name={`${id}-yearsLicensed`}
        inputMode="numeric"
        maxLength={2}
        value={draft.yearsLicensed}
        onChange={(e) => set({ yearsLicensed: e.target.value.replace(/\D/g, '') })}
      />
    </>
  );
}
