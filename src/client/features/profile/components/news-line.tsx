import type { News } from './news';

/**
 * A form's news, shown where it was sent from (issue 26: a refusal shown at the panel's top was
 * 1,000 px away from its button on a phone). The status region is always there, so a screen
 * reader announces what comes into it; a refusal is an alert.
 */
export function NewsLine({ news }: { news: News | undefined }) {
  return (
    <>
      <div role="status">{news?.kind === 'ok' && <p className="notice">{news.text}</p>}</div>
      {news?.kind === 'error' && (
        <p className="notice notice--error" role="alert">
          {news.text}
        </p>
      )}
    </>
  );
}
