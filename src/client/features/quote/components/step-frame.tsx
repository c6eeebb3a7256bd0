import { createContext, useContext, useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { firstInvalid, useFocusNext } from '../../../components/ui/use-focus-next';
import { useTranslation } from '../../../i18n/use-translation';

/**
 * Whether a step that opens takes the focus to its heading. The quote page says no for the step
 * it starts on (a page starts at its top, and the consent banner may hold the focus), yes once
 * the visitor moves between steps; elsewhere (the application's sections) always.
 */
export const StepHeadingFocus = createContext(true);

/**
 * One step of the quote: its heading (focused when the step opens, so a screen reader hears
 * where it is), its fields, and Back / Continue. A refused Continue, by the step's own checks or
 * by the server's, puts the focus on the first field in error, which says its message.
 */
export function StepFrame(props: {
  title: string;
  intro?: string;
  saving: boolean;
  onSubmit: () => void;
  onBack?: () => void;
  submitLabel?: string;
  notice?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('quote');
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const focusNext = useFocusNext(props.saving);
  const focusHeading = useContext(StepHeadingFocus);
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
    // The step opening (its title) moves the focus, not the page's later decision alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.title]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Asked on every submit: a step that is saved goes away before it could find a field in error.
    focusNext(() => firstInvalid(form.current));
    props.onSubmit();
  };
  return (
    <form ref={form} className="quote-step" noValidate onSubmit={submit} aria-labelledby="quote-step-title">
      <h2 id="quote-step-title" ref={heading} tabIndex={-1}>
        {props.title}
      </h2>
      {props.intro && <p className="muted">{props.intro}</p>}
      {props.notice}
      <div className="quote-step__fields">{props.children}</div>
      <div className="quote-step__actions">
        {props.onBack && (
          <button type="button" className="button button--outline" onClick={props.onBack} disabled={props.saving}>
            {t('actions.back')}
          </button>
        )}
        <button type="submit" className="button button--fill" disabled={props.saving}>
          {props.saving ? t('actions.saving') : (props.submitLabel ?? t('actions.next'))}
        </button>
      </div>
    </form>
  );
}
