import { useCallback, useEffect, useReducer, useRef } from 'react';

type Target = () => HTMLElement | null | undefined;

/**
 * The first control marked invalid inside `root`, in the form's order; a group of radio buttons
 * or a checkbox is marked on its fieldset, and the focus goes to its first input. Focused, a
 * field says its label and, through aria-describedby, its message: a refused submit is heard.
 */
export function firstInvalid(root: ParentNode | null | undefined): HTMLElement | undefined {
  const invalid = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return undefined;
  return invalid.tagName === 'FIELDSET' ? (invalid.querySelector<HTMLElement>('input:not(:disabled), select, textarea') ?? invalid) : invalid;
}

/**
 * Moves the focus once what an action changed is drawn: to the first field in error after a
 * refused submit, to a result's heading, or back to the control that opened something now closed
 * (without it the focus falls to <body> when the focused control leaves the page, and a keyboard
 * or screen-reader user starts again from the top). `focusNext(target)` asks for it; the target is
 * looked up after the render, and not while `busy` (an answer still on its way), so a refusal the
 * server sends back is found too. A target that is not there moves nothing.
 */
export function useFocusNext(busy = false): (target: Target) => void {
  const pending = useRef<Target>();
  // A request redraws even when nothing else changed (the same errors refused again).
  const [, redraw] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    const target = pending.current;
    if (!target || busy) return;
    pending.current = undefined;
    target()?.focus();
  });
  return useCallback((target: Target) => {
    pending.current = target;
    redraw();
  }, []);
}
