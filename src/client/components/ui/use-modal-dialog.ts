import { useEffect, type RefObject } from 'react';

/**
 * A <dialog> shown as modal for as long as its component is mounted: opened when it appears,
 * closed when it goes (the browser then keeps the page behind it inert and traps the focus).
 */
export function useModalDialog(dialog: RefObject<HTMLDialogElement | null>): void {
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, [dialog]);
}
