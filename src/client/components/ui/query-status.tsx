/**
 * What a section shows while its data loads or when it could not: the loading line, or the
 * failure as an alert (with a retry button when `retry` is given). Nothing once it is ready.
 */
export function QueryStatus({ state, loading, failed, retry }: { state: 'loading' | 'failed' | 'ready'; loading: string; failed: string; retry?: { label: string; onClick: () => void } }) {
  if (state === 'loading') return <p className="muted">{loading}</p>;
  if (state !== 'failed') return null;
  if (!retry) {
    return (
      <p className="notice notice--error" role="alert">
        {failed}
      </p>
    );
  }
  return (
    <div className="notice notice--error" role="alert">
      <p>{failed}</p>
      <button type="button" className="button button--outline" onClick={retry.onClick}>
        {retry.label}
      </button>
    </div>
  );
}
