import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

/** A field's message, by the field's name alone (undefined when it is fine). */
export type FieldError = (field: string) => string | undefined;

interface FieldFrame {
  label: string;
  hint?: string;
  error?: string;
}

/** An e-mail address's input: the keyboard, autofill and length every e-mail sign-in field shares. */
export const EMAIL_INPUT = {
  name: 'email',
  type: 'email',
  inputMode: 'email',
  autoComplete: 'email',
  autoCapitalize: 'none',
  spellCheck: false,
  maxLength: 254,
} satisfies InputHTMLAttributes<HTMLInputElement>;

/** Label, hint and error wired to the control for screen readers. */
function useFieldIds(error: string | undefined, hint: string | undefined) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return { id, describedBy };
}

function Message({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  if (error) {
    return (
      <p id={`${id}-error`} className="field__error">
        {error}
      </p>
    );
  }
  return hint ? (
    <p id={`${id}-hint`} className="field__hint">
      {hint}
    </p>
  ) : null;
}

export function TextField({ label, hint, error, ...input }: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  const { id, describedBy } = useFieldIds(error, hint);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      <Message id={id} error={error} hint={hint} />
    </div>
  );
}

export function SelectField({ label, hint, error, children, ...select }: FieldFrame & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  const { id, describedBy } = useFieldIds(error, hint);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
        {children}
      </select>
      <Message id={id} error={error} hint={hint} />
    </div>
  );
}

/** Several lines of text; the ref reaches the textarea, for a form that puts the cursor there. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement>>(function TextAreaField(
  { label, hint, error, ...textarea },
  ref,
) {
  const { id, describedBy } = useFieldIds(error, hint);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...textarea} />
      <Message id={id} error={error} hint={hint} />
    </div>
  );
});

/** A group of radio buttons under one legend. */
export function RadioGroup<T extends string>(props: {
  legend: string;
  name: string;
  value: T | undefined;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  error?: string;
  hint?: string;
  inline?: boolean;
}) {
  const { id, describedBy } = useFieldIds(props.error, props.hint);
  return (
    <fieldset className={`field choice${props.inline ? ' choice--inline' : ''}`} aria-describedby={describedBy} aria-invalid={props.error ? true : undefined}>
      <legend>{props.legend}</legend>
      {props.options.map((option) => (
        <label key={option.value} className="choice__option">
          <input type="radio" name={props.name} value={option.value} checked={props.value === option.value} onChange={() => props.onChange(option.value)} />
          <span>{option.label}</span>
        </label>
      ))}
      <Message id={id} error={props.error} hint={props.hint} />
    </fieldset>
  );
}

/** One checkbox under a legend, e.g. a request made in writing, with its hint or error. */
export function CheckGroup(props: {
  legend: string;
  name: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  hint?: string;
}) {
  const { id, describedBy } = useFieldIds(props.error, props.hint);
  return (
    <fieldset className="field choice" aria-describedby={describedBy} aria-invalid={props.error ? true : undefined}>
      <legend>{props.legend}</legend>
      <label className="choice__option">
        <input type="checkbox" name={props.name} checked={props.checked} onChange={(event) => props.onChange(event.target.checked)} />
        <span>{props.label}</span>
      </label>
      <Message id={id} error={props.error} hint={props.hint} />
    </fieldset>
  );
}
