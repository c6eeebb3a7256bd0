import { useId } from 'react';
import { stateDay } from '../../../../shared/dates/state-day';
import { formatDay } from '../../../../shared/format/money';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import type { RejectableCoverage } from '../../../../shared/quote/coverage-model';
import type { CoverageRejectionView } from '../../../../shared/quote/coverage-rejections';

/**
 * Each coverage staff turned down for the customer, in plain words, with its own box: where a
 * state accepts a rejection only in writing from the named insured, ticking it is their signature
 * of that rejection (issue 26). The server refuses the confirmation without every box.
 */
export function RejectionAcknowledgements(props: {
  rejections: CoverageRejectionView[];
  /** The policy's state: the day each was chosen is that state's. */
  state: string;
  agent: string | undefined;
  acknowledged: ReadonlySet<RejectableCoverage>;
  onChange: (coverage: RejectableCoverage, ticked: boolean) => void;
  showError: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation('profile');
  const { locale } = useLocale();
  const id = useId();
  const missing = props.showError && props.rejections.some((r) => !props.acknowledged.has(r.coverage));
  return (
    <fieldset className="review-sign__rejections" aria-describedby={missing ? `${id}-error` : undefined}>
      <legend>{t('review.rejections.title')}</legend>
      <p>{props.agent ? t('review.rejections.introAgent', { name: props.agent }) : t('review.rejections.intro')}</p>
      <ul className="review-sign__rejection-list">
        {props.rejections.map((rejection) => {
          const ticked = props.acknowledged.has(rejection.coverage);
          return (
            <li key={rejection.coverage} className="review-sign__rejection">
              <h4>{t(`review.rejections.coverage.${rejection.coverage}.name`)}</h4>
              <p>{t(`review.rejections.coverage.${rejection.coverage}.meaning`)}</p>
              <p className="review-sign__rejection-when">
                {rejection.chosenBy === 'staff' && rejection.staffName
                  ? t('review.rejections.chosenWith', {
                      name: rejection.staffName,
                      date: formatDay(stateDay(new Date(rejection.chosenAt), props.state), locale),
                    })
                  : t('review.rejections.chosenOnBehalf', { date: formatDay(stateDay(new Date(rejection.chosenAt), props.state), locale) })}
              </p>
              <label className="choice__option">
                <input
                  type="checkbox"
                  name={`reject-${rejection.coverage}`}
                  checked={ticked}
                  disabled={props.disabled}
                  aria-invalid={missing && !ticked ? true : undefined}
                  onChange={(event) => props.onChange(rejection.coverage, event.target.checked)}
                />
                <span>{t(`review.rejections.coverage.${rejection.coverage}.acknowledge`)}</span>
              </label>
            </li>
          );
        })}
      </ul>
      {missing && (
        <p id={`${id}-error`} className="field__error">
          {t('review.rejections.error')}
        </p>
      )}
    </fieldset>
  );
}
