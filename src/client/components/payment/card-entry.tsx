import { forwardRef, lazy, Suspense, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { usePublicConfig } from '../../app/config-context';
import { useTranslation } from '../../i18n/use-translation';
import { SandboxCardForm } from './sandbox-card-form';
import type { CardEntryHandle, CardEntryProps } from './card-entry-handle';

export type { CardEntryHandle, CardEntryProps, CardToken } from './card-entry-handle';

// Stripe's React bindings and loader are a chunk of their own, fetched only in Stripe mode and
// only by a page that shows CardEntry; Stripe.js itself then comes from js.stripe.com.
const StripeCardFields = lazy(() => import('./stripe-card-fields'));

/** Stripe mode: Elements once mounted in the browser (never on the server, so hydration matches). */
const StripeCardEntry = forwardRef<CardEntryHandle, CardEntryProps & { publishableKey: string }>(function StripeCardEntry(props, ref) {
  const { t } = useTranslation('payment');
  const inner = useRef<CardEntryHandle>(null);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  useImperativeHandle(ref, () => ({
    tokenize: () => inner.current?.tokenize() ?? Promise.resolve(null),
    // Still loading: nothing can be typed yet, and the loading line says so.
    check: () => inner.current?.check() ?? false,
    focusProblem: () => inner.current?.focusProblem(),
    authenticate: (clientSecret, kind) => inner.current?.authenticate(clientSecret, kind) ?? Promise.resolve(false),
    reset: () => inner.current?.reset(),
  }));
  const loading = (
    <p className="muted card-entry__loading" role="status">
      {t('loading')}
    </p>
  );
  if (!mounted) return loading;
  return (
    <Suspense fallback={loading}>
      <StripeCardFields ref={inner} {...props} />
    </Suspense>
  );
});

/**
 * Takes a card and turns it into a payment token, so card details never reach our API: Stripe
 * Elements when Stripe is configured, the sandbox's own form otherwise. A page drives it through
 * its ref (CardEntryHandle): `await ref.current.tokenize()` gives `{ token, brand, last4,
 * expMonth, expYear }` or null (the reason is shown beside the fields). Its texts are the
 * `payment` namespace: list it for the page in i18n/page-namespaces.ts.
 */
export const CardEntry = forwardRef<CardEntryHandle, CardEntryProps>(function CardEntry(props, ref) {
  const { payments } = usePublicConfig();
  if (payments.provider === 'stripe') return <StripeCardEntry ref={ref} publishableKey={payments.publishableKey} {...props} />;
  return <SandboxCardForm ref={ref} {...props} />;
});
