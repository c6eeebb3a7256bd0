import { useEffect, useRef, useState } from 'react';
import { useFocusNext } from '../ui/use-focus-next';
import type { ClaimView } from '../../lib/claims/claims-api';

/**
 * "Report a claim" on a list of claims (the claims panel's, a shared policy's card): the form open
 * or not, the claim just reported at the head of the list with its confirmation focused, and focus
 * back on the button that opened the form when it is cancelled (not on <body>).
 */
export function useClaimReporting(setClaims: (change: (list: ClaimView[]) => ClaimView[]) => void) {
  const [open, setOpen] = useState(false);
  const [reported, setReported] = useState<ClaimView>();
  const confirmation = useRef<HTMLParagraphElement>(null);
  const reportButton = useRef<HTMLButtonElement>(null);
  const focusNext = useFocusNext();

  useEffect(() => {
    if (reported) confirmation.current?.focus();
  }, [reported]);

  return {
    open,
    reported,
    confirmation,
    reportButton,
    start: () => setOpen(true),
    onReported: (claim: ClaimView) => {
      setClaims((list) => [claim, ...list.filter((other) => other.id !== claim.id)]);
      setReported(claim);
      setOpen(false);
    },
    onCancel: () => {
      setOpen(false);
      focusNext(() => reportButton.current);
    },
  };
}
