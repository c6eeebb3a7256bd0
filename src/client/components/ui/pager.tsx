/** Previous / "Page n" / Next under a paged list; the words come from the page's own texts. */
export function Pager({
  page,
  hasMore,
  onPage,
  text,
}: {
  page: number;
  hasMore: boolean;
  onPage: (page: number) => void;
  text: { label: string; previous: string; current: string; next: string };
}) {
  return (
    <nav className="admin-pager" aria-label={text.label}>
      <button type="button" className="button button--outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {text.previous}
      </button>
      <span>{text.current}</span>
      <button type="button" className="button button--outline" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {text.next}
      </button>
    </nav>
  );
}
