import type { ReactNode } from 'react';

/** A small form of one field and one outlined button, as the miles panel's settings are. */
export function OneFieldForm({ submit, onSubmit, children }: { submit: string; onSubmit: () => Promise<unknown>; children: ReactNode }) {
  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
      <div>
        <button type="submit" className="button button--outline">
          {submit}
        </button>
      </div>
    </form>
  );
}
