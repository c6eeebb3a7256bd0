import { useTranslation } from '../../i18n/use-translation';
import { ProseSections } from './prose-sections';
import type { ReactNode } from 'react';

/** A text page: title, lead, optional effective date, its sections, and anything page-specific. */
export function ProsePage({ namespace, before, after }: { namespace: string; before?: ReactNode; after?: ReactNode }) {
  const { t, i18n } = useTranslation(namespace);
  return (
    <article className="page page--narrow prose" aria-labelledby="page-title">
      <h1 id="page-title">{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      {i18n.exists(`${namespace}:effective`) && <p className="muted">{t('effective')}</p>}
      {before}
      <ProseSections namespace={namespace} />
      {after}
    </article>
  );
}
