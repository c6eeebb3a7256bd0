import { PATHS } from '../../../shared/site-map';
import { usePublicConfig } from '../../app/config-context';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useTranslation } from '../../i18n/use-translation';
import { PriceEstimator } from './components/price-estimator';
import { SplitBand } from './components/split-band';

type Step = { title: string; body: string };
type Question = { q: string; a: string };

export default function HomePage() {
  const { t } = useTranslation('home');
  const { legal, links } = usePublicConfig();
  const steps = t('how.steps', { returnObjects: true }) as Step[];
  const who = t('who.items', { returnObjects: true }) as string[];
  const questions = t('faq.items', { returnObjects: true }) as Question[];
  const rows = t('example.table.rows', { returnObjects: true }) as string[][];
  return (
    <div className="home">
      <section className="hero" aria-labelledby="page-title">
        <div className="hero__inner">
          <h1 id="page-title">{t('hero.title')}</h1>
          <p className="hero__lead">{t('hero.lead')}</p>
          <div className="actions">
            <LocalizedLink to={PATHS.quote} className="button button--fill button--large">
              {t('hero.cta')}
            </LocalizedLink>
            <a href="#how-it-works" className="button button--outline button--large">
              {t('hero.secondary')}
            </a>
          </div>
          <p className="hero__note">{t('hero.note')}</p>
        </div>
      </section>

      <SplitBand id="estimator-title" heading={t('estimator.heading')} intro={t('estimator.intro')}>
        <PriceEstimator />
      </SplitBand>

      <section id="how-it-works" className="band" aria-labelledby="how-title">
        <h2 id="how-title">{t('how.heading')}</h2>
        <ol className="steps">
          {steps.map((_, i) => (
            <li key={i} className="card">
              <h3>{t(`how.steps.${i}.title`)}</h3>
              <p>{t(`how.steps.${i}.body`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <SplitBand id="example-title" heading={t('example.heading')} intro={t('example.intro')}>
        <table className="data-table bill">
          <caption>{t('example.table.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('example.table.head.0')}</th>
              <th scope="col">{t('example.table.head.1')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((_, r) => (
              <tr key={r} className={r === rows.length - 1 ? 'bill__total' : undefined}>
                <th scope="row">{t(`example.table.rows.${r}.0`)}</th>
                <td>{t(`example.table.rows.${r}.1`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </SplitBand>

      <section className="band" aria-label={t('how.heading')}>
        <div className="features">
          {(['cap', 'contract', 'counting'] as const).map((key) => (
            <div key={key} className="feature">
              <h2>{t(`${key}.heading`)}</h2>
              <p>{t(`${key}.body`)}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="band band--soft" aria-labelledby="who-title">
        <h2 id="who-title">{t('who.heading')}</h2>
        <ul className="checks">
          {who.map((_, i) => (
            <li key={i}>{t(`who.items.${i}`)}</li>
          ))}
        </ul>
        <LocalizedLink to={PATHS.quote} className="button button--fill">
          {t('hero.cta')}
        </LocalizedLink>
      </section>

      <section className="band" aria-labelledby="faq-title">
        <h2 id="faq-title">{t('faq.heading')}</h2>
        <div className="faq">
          {questions.map((_, i) => (
            <details key={i}>
              <summary>{t(`faq.items.${i}.q`)}</summary>
              <p>{t(`faq.items.${i}.a`)}</p>
            </details>
          ))}
        </div>
        <p>
          <a href={links.learnMore}>{t('learnMore')}</a>
        </p>
        <p className="muted">{t('legal', legal)}</p>
      </section>
    </div>
  );
}
