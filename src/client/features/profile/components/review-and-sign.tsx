import { forwardRef, useRef, useState, type FormEvent } from 'react';
import { formatCents, formatDay } from '../../../../shared/format/money';
import { DECLINE_REASONS, shownDeclineReason, type DeclineReason } from '../../../../shared/payment/decline-reasons';
import { remainingProblems, SignatureFields, signatureProblems, type Signature, type SignatureProblems } from '../../../components/policy/signature-fields';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { confirmPolicy } from '../../../lib/policy/policy-api';
import { RejectionAcknowledgements } from './rejection-acknowledgements';
import type { PolicyView } from '../../../../shared/policy/policy-model';
import type { RejectableCoverage } from '../../../../shared/quote/coverage-model';

type Problem = { kind: 'declined'; reason: DeclineReason } | { kind: 'unknown' | 'failed' | 'invalid' | 'notLicensed' | 'incomplete' };

/**
 * A policy staff bought waits for the customer: they read it, agree to the terms and sign, and
 * only then is the first month charged to the card staff saved. The e-mail links here
 * (/profile?confirm=<id>). Like a purchase, one attempt keeps one Idempotency-Key until it is
 * answered, so a retry after a lost answer never charges twice.
 */
export const ReviewAndSign = forwardRef<HTMLElement, { policy: PolicyView; onSigned: (policy: PolicyView) => void }>(function ReviewAndSign(
  { policy, onSigned },
  ref,
) {
  const { t } = useTranslation('profile');
  const { locale } = useLocale();
  const [signature, setSignature] = useState<Signature>({ agree: false, name: '' });
  const [problems, setProblems] = useState<SignatureProblems>({});
  const [problem, setProblem] = useState<Problem>();
  const [busy, setBusy] = useState(false);
  const pressed = useRef(false);
  const attempt = useRef<{ key: string; body: string }>();
  const amount = formatCents(policy.baseRateCents, locale);
  // The coverages staff turned down that the customer has still to sign, each with its own box (issue 26).
  const toSign = (policy.rejections ?? []).filter((r) => !r.signedAt);
  const [acknowledged, setAcknowledged] = useState<ReadonlySet<RejectableCoverage>>(new Set());
  const [rejectionsShown, setRejectionsShown] = useState(false);
  const allAcknowledged = toSign.every((r) => acknowledged.has(r.coverage));

  const sign = async (event: FormEvent) => {
    event.preventDefault();
    if (pressed.current) return;
    setProblem(undefined);
    const missing = signatureProblems(signature);
    setProblems(missing);
    setRejectionsShown(!allAcknowledged);
    if (Object.keys(missing).length > 0 || !allAcknowledged) return;
    const body = {
      agreeToTerms: true as const,
      signatureName: signature.name.trim(),
      ...(toSign.length ? { acknowledgedRejections: toSign.map((r) => r.coverage) } : {}),
    };
    if (attempt.current?.body !== JSON.stringify(body)) attempt.current = { key: crypto.randomUUID(), body: JSON.stringify(body) };
    pressed.current = true;
    setBusy(true);
    const result = await confirmPolicy(policy.id, attempt.current.key, body);
    pressed.current = false;
    setBusy(false);
    if (result.ok) return onSigned(result.value);
    const { failure } = result;
    if (failure.kind !== 'unknown') attempt.current = undefined;
    if (failure.kind === 'declined') return setProblem({ kind: 'declined', reason: shownDeclineReason(failure.reason, DECLINE_REASONS) });
    if (failure.kind === 'invalid' && failure.fields.acknowledgedRejections) return setRejectionsShown(true);
    if (failure.kind === 'invalid') return setProblem({ kind: 'invalid' });
    if (failure.kind === 'not-licensed') return setProblem({ kind: 'notLicensed' });
    if (failure.kind === 'underwriting-incomplete') return setProblem({ kind: 'incomplete' });
    setProblem({ kind: failure.kind === 'unknown' ? 'unknown' : 'failed' });
  };

  const change = (next: Signature) => {
    setSignature(next);
    setProblems((shown) => remainingProblems(shown, next));
  };

  const card = policy.paymentMethod;
  return (
    <section ref={ref} id={`confirm-${policy.id}`} className="review-sign" tabIndex={-1} aria-labelledby={`confirm-${policy.id}-title`}>
      <h3 id={`confirm-${policy.id}-title`}>{t('review.title')}</h3>
      <p>{policy.soldBy ? t('review.introAgent', { name: policy.soldBy.name }) : t('review.intro')}</p>
      <p>
        {card
          ? t('review.charge', { amount, last4: card.last4, date: formatDay(policy.effectiveDate, locale) })
          : t('review.chargeNoCard', { amount, date: formatDay(policy.effectiveDate, locale) })}
      </p>
      <form noValidate onSubmit={(event) => void sign(event)} className="review-sign__form">
        {toSign.length > 0 && (
          <RejectionAcknowledgements
            rejections={toSign}
            state={policy.state}
            agent={policy.soldBy?.name}
            acknowledged={acknowledged}
            showError={rejectionsShown}
            disabled={busy}
            onChange={(coverage, ticked) =>
              setAcknowledged((current) => {
                const next = new Set(current);
                if (ticked) next.add(coverage);
                else next.delete(coverage);
                return next;
              })
            }
          />
        )}
        <SignatureFields value={signature} onChange={change} problems={problems} disabled={busy} />
        {problem && (
          <p className="notice notice--error" role="alert">
            {problem.kind === 'declined' ? t(`review.declined.${problem.reason}`) : t(`review.errors.${problem.kind}`)}
          </p>
        )}
        <button type="submit" className="button button--fill" disabled={busy}>
          {busy ? t('review.signing') : t('review.submit', { amount })}
        </button>
      </form>
    </section>
  );
});
