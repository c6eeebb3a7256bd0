import { useId, useState } from 'react';
import { numberLocale } from '../../../../shared/format/money';
import { QueryStatus } from '../../../components/ui/query-status';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { useApiQuery } from '../../../lib/api/use-api-query';
import { NewsLine } from '../components/news-line';
import { dataExportFileUrl, fetchDataExport, requestDataExport, type DataExportState } from './your-data-api';
import type { News } from '../components/news';

/**
 * "Your data" (issue 27): download a copy of everything Meterly holds about the customer (made in
 * the background, announced by e-mail, kept 7 days), and the customer's privacy requests.
 */
export function YourDataPanel() {
  const { t } = useTranslation('profile');
  const id = useId();
  const load = useApiQuery(['data-export'], fetchDataExport);
  return (
    <section className="profile-section your-data" id="your-data" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('yourData.title')}</h2>
      <p>{t('yourData.intro')}</p>
      <QueryStatus state={load.state} loading={t('yourData.loading')} failed={t('yourData.loadFailed')} />
      {load.state === 'ready' && <YourData state={load.data} onChanged={(state) => load.setData(() => state)} />}
    </section>
  );
}

function YourData({ state, onChanged }: { state: DataExportState; onChanged: (state: DataExportState) => void }) {
  const { t } = useTranslation('profile');
  const { locale } = useLocale();
  const [busy, setBusy] = useState(false);
  const [news, setNews] = useState<News>();
  const day = (instant: string) => new Intl.DateTimeFormat(numberLocale(locale), { dateStyle: 'long' }).format(new Date(instant));

  const ask = async () => {
    setBusy(true);
    setNews(undefined);
    const result = await requestDataExport();
    setBusy(false);
    if (result.ok) {
      onChanged(result.value);
      return setNews({ kind: 'ok', text: t('yourData.asked') });
    }
    setNews({ kind: 'error', text: result.failure.code === 'DATA_EXPORTS_TOO_MANY' ? t('yourData.tooMany') : t('yourData.askFailed') });
  };

  return (
    <>
      {state.status === 'preparing' && <p className="notice">{t('yourData.preparing')}</p>}
      {state.ready && (
        <div className="your-data__ready">
          <p>{t('yourData.ready', { date: day(state.ready.expiresAt) })}</p>
          <p className="your-data__files">
            <a className="button button--outline" href={dataExportFileUrl(state.ready.id, 'pdf')} download>
              {t('yourData.downloadPdf')}
            </a>
            <a className="button button--outline" href={dataExportFileUrl(state.ready.id, 'json')} download>
              {t('yourData.downloadJson')}
            </a>
            <a className="button button--outline" href={dataExportFileUrl(state.ready.id, 'zip')} download>
              {t('yourData.downloadZip')}
            </a>
          </p>
          <p className="muted">{t('yourData.photos')}</p>
        </div>
      )}
      {state.status !== 'preparing' && (
        <div>
          <button type="button" className="button button--fill" disabled={busy || state.remaining <= 0} onClick={() => void ask()}>
            {busy ? t('yourData.asking') : t('yourData.ask')}
          </button>
          <p className="muted">{state.remaining > 0 ? t('yourData.remaining', { count: state.remaining }) : t('yourData.noneLeft')}</p>
        </div>
      )}
      <NewsLine news={news} />
      <h3>{t('yourData.requestsTitle')}</h3>
      {state.requests.length === 0 ? (
        <p>{t('yourData.noRequests')}</p>
      ) : (
        <ul className="your-data__requests">
          {state.requests.map((request) => (
            <li key={request.id}>
              {t('yourData.request', {
                kind: t(`yourData.kind.${request.kind}`),
                received: day(request.receivedAt),
                status: t(`yourData.status.${request.status}`),
              })}
              {request.status === 'open' && ` ${t('yourData.dueBy', { date: day(request.dueAt) })}`}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
