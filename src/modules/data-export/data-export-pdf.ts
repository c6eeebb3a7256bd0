import { formatCents, formatDay, formatInstantDay, formatNumber } from '../../shared/format/money';
import { vehicleName } from '../../shared/quote/quote-model';
import { FONT, SOFT, heading, list, listItem, masthead, paragraph, printable, render } from '../documents';
import { dataExportTexts } from './data-export-texts';
import type { Locale } from '../../shared/locale';
import type { DataExportDocument } from './data-export.collector';

/** Lines a section lists before it says how many more the JSON file holds: the PDF is a summary to read. */
const LINES_LISTED = 40;

/** The export's readable PDF: each section of the JSON file summed up in the customer's language. */
export function dataExportPdf(data: DataExportDocument, locale: Locale, legal: { agency: string; insurer: string }): Promise<Buffer> {
  const t = dataExportTexts(locale);
  const day = (instant: string | null) => (instant ? formatInstantDay(instant, locale, 'UTC') : '—');
  // A value with a character the font cannot print (an emoji in a description) prints with it replaced, the rest kept.
  const text = (value: string) => printable(value, value.replace(/[^\x20-\x7e\xa0-\xff]/g, '?'));
  return render({ title: t('pdf.title'), locale }, (doc) => {
    masthead(doc, t('pdf.title'), text(t('pdf.subtitle', { email: data.account.email, date: day(data.generatedAt) })));
    const lines = (items: string[]) => {
      if (!items.length) return paragraph(doc, t('pdf.none'));
      list(doc, () => items.slice(0, LINES_LISTED).forEach((item) => listItem(doc, text(item))));
      if (items.length > LINES_LISTED) paragraph(doc, t('pdf.more', { count: items.length - LINES_LISTED }));
    };

    heading(doc, t('pdf.account'));
    lines([
      `${t('pdf.email')}: ${data.account.email}`,
      `${t('pdf.name')}: ${data.account.name ?? '—'}`,
      `${t('pdf.language')}: ${data.account.locale}`,
      `${t('pdf.since')}: ${day(data.account.createdAt)}`,
      `${t('pdf.lastSignIn')}: ${day(data.account.lastSignInAt)}`,
    ]);

    heading(doc, t('pdf.signIns'));
    paragraph(doc, t('pdf.signInsCount', { count: data.signInHistory.signIns.length, sessions: data.signInHistory.sessions.length }));
    lines([...data.signInHistory.signIns].reverse().map((s) => t('pdf.signInLine', { at: day(s.usedAt), by: t(`pdf.by_${s.by}`) })));

    heading(doc, t('pdf.quotes'));
    lines(data.quotes.map((q) => t('pdf.quoteLine', { reference: q.reference, status: q.status })));

    heading(doc, t('pdf.policies'));
    if (!data.policies.length) paragraph(doc, t('pdf.none'));
    for (const p of data.policies) {
      const cars = p.policy.vehicles.map((v) => vehicleName(v)).join(', ');
      doc.font(FONT.bold);
      paragraph(
        doc,
        text(
          t('pdf.policyLine', {
            number: p.policy.number,
            status: p.policy.status,
            start: formatDay(p.policy.effectiveDate, locale),
            end: formatDay(p.policy.termEndDate, locale),
            cars,
          }),
        ),
      );
      doc.font(FONT.regular);
      paragraph(doc, t('pdf.timeline', { count: p.timeline.changes.length, gaps: p.timeline.coverGaps.length }));
      const miles = p.trips.reduce((sum, trip) => sum + trip.miles, 0);
      paragraph(
        doc,
        t('pdf.trips', {
          count: p.trips.length,
          miles: formatNumber(Math.round(miles * 10) / 10, locale),
          located: p.trips.filter((trip) => trip.location).length,
        }),
      );
      lines(
        [...p.trips].reverse().map((trip) => {
          const route = trip.location;
          const place = route?.startCity || route?.endCity ? ` (${[route.startCity, route.endCity].filter(Boolean).join(' - ')})` : '';
          return t('pdf.tripLine', { at: day(trip.startedAt), miles: formatNumber(trip.miles, locale), place });
        }),
      );
      paragraph(doc, t('pdf.readings', { count: p.odometerReadings.length, photos: p.odometerReadings.filter((r) => r.hasPhoto).length }));
      lines(p.odometerReadings.map((r) => t('pdf.readingLine', { at: day(r.readAt), reading: formatNumber(r.reading, locale), source: r.source })));
      paragraph(doc, t('pdf.disputes', { count: p.mileDisputes.length }));
      paragraph(doc, t('pdf.statements', { count: p.statements.length }));
      lines(
        p.statements.map((s) =>
          t('pdf.statementLine', {
            start: formatDay(s.periodStart, locale),
            end: formatDay(s.periodEnd, locale),
            total: formatCents(s.totalCents, locale),
            status: s.status,
          }),
        ),
      );
      paragraph(doc, t('pdf.proofLinks', { count: p.proofLinks.length }));
    }

    heading(doc, t('pdf.locations'));
    paragraph(doc, t(`pdf.locationChoice_${data.locationChoice.choice}`, { date: day(data.locationChoice.chosenAt) }));

    heading(doc, t('pdf.claims'));
    lines(
      data.claims.map((c) =>
        t('pdf.claimLine', { number: c.number, policy: c.policyNumber, kind: c.kind, status: c.status, date: day(c.occurredAt), photos: c.photoIds.length }),
      ),
    );

    heading(doc, t('pdf.consent'));
    lines(
      data.consentRecords.map((c) =>
        t('pdf.consentLine', { at: day(c.recordedAt), tracking: t(c.tracking ? 'pdf.yes' : 'pdf.no'), advertising: t(c.advertising ? 'pdf.yes' : 'pdf.no') }),
      ),
    );

    heading(doc, t('pdf.payments'));
    lines(
      data.payments.map((p) =>
        t('pdf.paymentLine', {
          at: day(p.at),
          kind: t(`pdf.kind_${p.kind}`),
          amount: formatCents(p.amountCents, locale),
          status: p.status,
          description: p.description,
        }),
      ),
    );
    paragraph(doc, t('pdf.paymentMethods', { cards: data.paymentMethods.map((m) => `${m.brand} •••• ${m.last4}`).join(', ') || '—' }));

    heading(doc, t('pdf.privacyRequests'));
    lines(data.privacyRequests.map((r) => t('pdf.requestLine', { received: day(r.receivedAt), kind: t(`pdf.requestKind_${r.kind}`), status: r.status })));

    heading(doc, t('pdf.photos'));
    paragraph(doc, t('pdf.photosText', { count: data.photoLinks.length }));

    doc.moveDown(1).fontSize(8).fillColor(SOFT);
    paragraph(doc, t('pdf.footer', legal));
  });
}
