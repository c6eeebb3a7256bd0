/**
 * Staff's flag on a policy whose car (by VIN) is also insured on another customer's policy not
 * cancelled (issue 30, 10c): not an error (a car sold between people is on both for a while),
 * a thing to check. `text` is the caller's translation, given the VINs.
 */
export function SharedVinFlag({ vins, text }: { vins: string[]; text: (vins: string) => string }) {
  if (vins.length === 0) return null;
  return (
    <span className="shared-vin-flag" role="note">
      {text(vins.join(', '))}
    </span>
  );
}
