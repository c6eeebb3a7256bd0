import { useState, type ReactNode } from 'react';
import { NewsLine } from './news-line';
import type { News } from './news';

/**
 * A small form of a field (or two) and one outlined button, as the miles panel's settings are; what
 * sending it answered (`onSubmit`'s news) is shown under its button.
 */
export function OneFieldForm({ submit, onSubmit, children }: { submit: string; onSubmit: () => Promise<News>; children: ReactNode }) {
  const [news, setNews] = useState<News>();
  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit().then(setNews);
      }}
    >
      {children}
      <div>
        <button type="submit" className="button button--outline">
          {submit}
        </button>
      </div>
      <NewsLine news={news} />
    </form>
  );
}
