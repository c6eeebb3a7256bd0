import { useEffect, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Makes everything in #root inert except the branch holding `element` (the banner is rendered
 * inside the page, so that it can be in the server's HTML); returns what undoes it.
 */
function inertAround(element: HTMLElement): () => void {
  const made: Element[] = [];
  for (let at: HTMLElement | null = element; at && at.id !== 'root' && at.parentElement; at = at.parentElement) {
    for (const sibling of at.parentElement.children) {
      if (sibling === at || sibling.hasAttribute('inert') || sibling instanceof HTMLScriptElement) continue;
      sibling.setAttribute('inert', '');
      made.push(sibling);
    }
  }
  return () => made.forEach((sibling) => sibling.removeAttribute('inert'));
}

/**
 * While `open`: the page behind is inert and does not scroll, focus moves into the dialog and
 * Tab keeps it there. On close everything is released and focus goes back where it was.
 */
export function useModal(dialog: RefObject<HTMLElement>, open: boolean): void {
  useEffect(() => {
    if (!open) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    document.documentElement.classList.add('modal-open');
    const release = dialog.current ? inertAround(dialog.current) : () => undefined;
    dialog.current?.focus({ preventScroll: true });
    const keepFocus = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || !dialog.current) return;
      const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) return event.preventDefault();
      const [first, last] = [items[0], items[items.length - 1]];
      const at = document.activeElement;
      if (event.shiftKey && (at === first || at === dialog.current || !dialog.current.contains(at))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (at === last || !dialog.current.contains(at))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', keepFocus);
    return () => {
      document.removeEventListener('keydown', keepFocus);
      document.documentElement.classList.remove('modal-open');
      release();
      const back = before && before !== document.body && document.contains(before) ? before : document.getElementById('main');
      back?.focus({ preventScroll: true });
    };
  }, [dialog, open]);
}
