import { CLAIMS_PHONE, reportClaimPath } from '../../../shared/claims/claims-contact';
import { addDays } from '../../../shared/dates/iso-day';
import { formatDay, formatNumber } from '../../../shared/format/money';
import { vehicleName } from '../../../shared/quote/quote-model';
import { artifact, BRAND, documentTexts, FONT, group, INK, paragraph, printablePolicy, render, SOFT, table, tableCell, tableRow, tag } from '../../documents';
import { coverBegins, insuredName, type DocumentInput } from './policy-documents';
import type { Locale } from '../../../shared/locale';
import type { PolicyVehicle, PolicyView } from '../../../shared/policy/policy-model';

/** The card's frame on the page, in points (US Letter: 612 × 792). */
const CARD = { left: 54, width: 504, inner: 72, pageTop: 54, pageBottom: 738, gap: 20 } as const;

/**
 * The card's words. Every card is in English: the officer who asks for it reads English, and
 * Texas asks for Side A "in English, or in English and Spanish" (28 TAC §5.204). A Spanish-language
 * policy's card is English and Spanish: each label and note in English with the Spanish under it,
 * the values (dates, limits) in English. See docs/decisions.md, "The ID card's languages".
 */
interface CardWords {
  /** The English text, and the Spanish one when the card is bilingual and it differs. */
  (key: string, options?: Record<string, unknown>): { en: string; es?: string };
}

function cardWords(locale: Locale): CardWords {
  const en = documentTexts('en-US');
  const own = documentTexts(locale);
  return (key, options) => {
    const english = en(key, options);
    const spanish = locale === 'es' ? own(key, options) : undefined;
    return spanish && spanish !== english ? { en: english, es: spanish } : { en: english };
  };
}

/** "$25,000 / $50,000 / $15,000": the policy's liability limits, the state's minimum read as its numbers. */
export function liabilityLimits(policy: PolicyView, minimumLiability: string): string {
  const limits = policy.coverage.liability === 'state-minimum' ? minimumLiability : String(policy.coverage.liability);
  return limits
    .split('/')
    .map((thousands) => `$${formatNumber(Number(thousands) * 1000, 'en-US')}`)
    .join(' / ');
}

/** The claims number, and where to report a claim online: "1-800-555-0199 · www.meterly.example/es/profile#claims". */
function claimsContact(input: DocumentInput): string {
  return input.publicUrl ? `${CLAIMS_PHONE} · ${new URL(input.publicUrl).host}${reportClaimPath(input.locale)}` : CLAIMS_PHONE;
}

/** When a car's card stops being proof: the term's end, or the day before a booked change takes it off the policy. */
function cardExpiry(input: DocumentInput, words: CardWords, vehicle: PolicyVehicle, policy: PolicyView): string {
  if (policy.cancellationDate) return formatDay(policy.cancellationDate, 'en-US');
  const leaving = input.coming?.find((change) => change.carsLeaving.includes(vehicle.vehicleIndex));
  return leaving ? words('idCard.coveredUntil', { date: formatDay(addDays(leaving.effectiveDate, -1), 'en-US') }).en : formatDay(policy.termEndDate, 'en-US');
}

/** "not given (no indicado)": a value in words, English first. */
function both(text: { en: string; es?: string }): string {
  return text.es ? `${text.en} (${text.es})` : text.en;
}

type Row = { label: { en: string; es?: string }; value: string };

function cardRows(input: DocumentInput & { minimumLiability: string }, words: CardWords, policy: PolicyView, vehicle: PolicyVehicle): Row[] {
  const { legal } = input;
  const a = policy.address;
  const row = (key: string, value: string): Row => ({ label: words(`idCard.${key}`), value });
  return [
    row('insurer', `${legal.insurer} (${words('idCard.naic').en} ${legal.insurerNaic})`),
    row('policyNumber', policy.number),
    // The first term from the moment cover began (issue 26); a renewed term from its first day.
    row('effective', policy.termStartDate === policy.effectiveDate ? coverBegins(policy, 'en-US') : formatDay(policy.termStartDate, 'en-US')),
    // A cancelled policy's cover ends on its cancellation date; a car leaving by a booked change, the day before.
    row('expires', cardExpiry(input, words, vehicle, policy)),
    row('insured', insuredName(policy)),
    row('address', [a.line1, a.line2, `${a.city}, ${a.state} ${a.zip}`].filter(Boolean).join(', ')),
    row('vehicle', vehicleName(vehicle)),
    row('vin', vehicle.vin ?? both(words('idCard.noVin'))),
    row('liability', liabilityLimits(policy, input.minimumLiability)),
    row('claims', claimsContact(input)),
    row('agency', legal.agency),
  ];
}

/**
 * The card's type sizes and columns. Texas asks for its card's Side A in at least 10-point type
 * (28 TAC §5.204(c)); elsewhere the labels and notes are smaller than the values, so a card of
 * two languages still fits. A bilingual card gives its labels more room.
 */
interface Layout {
  label: number;
  labelEs: number;
  note: number;
  labelWidth: number;
  valueX: number;
  valueWidth: number;
}

function layoutFor(state: string, bilingual: boolean): Layout {
  const sizes = state === 'TX' ? { label: 10, labelEs: 10, note: 10 } : { label: 9, labelEs: 7.5, note: 8 };
  const widths = bilingual ? { labelWidth: 160, valueX: CARD.inner + 168, valueWidth: 300 } : { labelWidth: 130, valueX: CARD.inner + 133, valueWidth: 335 };
  return { ...sizes, ...widths };
}

const NOTE_WIDTH = 470;
const VALUE_SIZE = 10;

/** A label, English first; its Spanish under it, marked as Spanish for a reader that speaks it. */
function drawLabel(doc: PDFKit.PDFDocument, layout: Layout, label: Row['label'], y: number): void {
  tag(doc, 'Span', () => doc.font(FONT.regular).fontSize(layout.label).fillColor(SOFT).text(label.en, CARD.inner, y, { width: layout.labelWidth }));
  if (label.es)
    tag(doc, 'Span', () => doc.font(FONT.regular).fontSize(layout.labelEs).text(label.es!, CARD.inner, doc.y, { width: layout.labelWidth }), { lang: 'es' });
}

function rowHeight(doc: PDFKit.PDFDocument, layout: Layout, { label, value }: Row): number {
  const english = doc.font(FONT.regular).fontSize(layout.label).heightOfString(label.en, { width: layout.labelWidth });
  const spanish = label.es ? doc.fontSize(layout.labelEs).heightOfString(label.es, { width: layout.labelWidth }) : 0;
  return Math.max(english + spanish, doc.font(FONT.bold).fontSize(VALUE_SIZE).heightOfString(value, { width: layout.valueWidth })) + 3;
}

type Note = { en: string; es?: string; warning?: boolean };

/** The notes under the table: carrying the card, and a policy not yet in force. */
function cardNotes(words: CardWords, policy: PolicyView): Note[] {
  const carry = words('idCard.carry');
  const state = words('idCard.state', { state: policy.state });
  const notes: Note[] = [{ en: `${carry.en} ${state.en}`, ...(carry.es && { es: `${carry.es} ${state.es ?? state.en}` }) }];
  if (policy.status === 'pending-confirmation') notes.push({ ...words('idCard.pending'), warning: true });
  return notes;
}

function noteFont(doc: PDFKit.PDFDocument, layout: Layout, note: Note): PDFKit.PDFDocument {
  return note.warning
    ? doc.font(FONT.bold).fontSize(Math.max(layout.note, 9)).fillColor('#b3261e')
    : doc.font(FONT.regular).fontSize(layout.note).fillColor(SOFT);
}

function notesHeight(doc: PDFKit.PDFDocument, layout: Layout, notes: Note[]): number {
  return notes.reduce(
    (sum, note) =>
      sum + 4 + [note.en, note.es].filter(Boolean).reduce((h, text) => h + 2 + noteFont(doc, layout, note).heightOfString(text!, { width: NOTE_WIDTH }), 0),
    0,
  );
}

/** A note in English, and in Spanish after it on a bilingual card. */
function drawNote(doc: PDFKit.PDFDocument, layout: Layout, note: Note): void {
  noteFont(doc, layout, note);
  doc.y += 4;
  paragraph(doc, () => doc.text(note.en, CARD.inner, doc.y + 2, { width: NOTE_WIDTH }));
  if (note.es) tag(doc, 'P', () => doc.text(note.es!, CARD.inner, doc.y + 2, { width: NOTE_WIDTH }), { lang: 'es' });
}

/**
 * The ID card: one card for each car, as state law asks drivers to carry (insurer and NAIC
 * number, policy number, dates, named insured and address, vehicle and VIN, liability limits),
 * and where to report a claim. Texas's card carries the title its rule prescribes.
 */
export function idCardPdf(input: DocumentInput & { minimumLiability: string }): Promise<Buffer> {
  const words = cardWords(input.locale);
  const policy = printablePolicy(input.policy, documentTexts(input.locale)('unprintable'));
  const title = words(policy.state === 'TX' ? 'idCard.titleTexas' : 'idCard.title');
  const layout = layoutFor(policy.state, input.locale === 'es');
  const notes = cardNotes(words, policy);
  return render({ title: `${both(title)} ${policy.number}`, locale: 'en-US' }, (doc) => {
    let top: number = CARD.pageTop;
    for (const vehicle of policy.vehicles) {
      const rows = cardRows(input, words, policy, vehicle);
      const heights = rows.map((row) => rowHeight(doc, layout, row));
      const height = HEADER + (title.es ? 12 : 0) + heights.reduce((sum, h) => sum + h, 0) + notesHeight(doc, layout, notes) + 16;
      if (top > CARD.pageTop && top + height > CARD.pageBottom) {
        doc.addPage();
        top = CARD.pageTop;
      }
      drawCard(doc, { layout, title, rows, heights, notes, top, height });
      top += height + CARD.gap;
    }
  });
}

/** From the card's top edge to its first row: the brand and the title. */
const HEADER = 44;

function drawCard(
  doc: PDFKit.PDFDocument,
  card: { layout: Layout; title: { en: string; es?: string }; rows: Row[]; heights: number[]; notes: Note[]; top: number; height: number },
): void {
  const { layout, title, rows, heights, notes, top, height } = card;
  // The card's frame and the brand drawn as its letterhead are not read: its insurer row names who insures.
  artifact(doc, () => {
    doc.roundedRect(CARD.left, top, CARD.width, height, 10).lineWidth(1.5).strokeColor(BRAND).stroke();
    doc
      .font(FONT.bold)
      .fontSize(13)
      .fillColor(BRAND)
      .text('Meterly', CARD.inner, top + 16);
  });
  // Each car's card is read as a document of its own: its title, its table, its notes.
  tag(doc, 'H1', () =>
    doc
      .font(FONT.bold)
      .fontSize(VALUE_SIZE)
      .fillColor(INK)
      .text(title.en, 200, top + 18, { width: 340, align: 'right' }),
  );
  if (title.es) tag(doc, 'P', () => doc.font(FONT.regular).fontSize(8).text(title.es!, 200, doc.y, { width: 340, align: 'right' }), { lang: 'es' });
  let y = top + HEADER + (title.es ? 12 : 0);
  table(doc, () =>
    rows.forEach((row, i) => {
      tableRow(doc, () => {
        // pdfkit writes /Scope into the element's Table attributes; its types do not list the option.
        group(doc, 'TH', () => drawLabel(doc, layout, row.label, y), { scope: 'Row' } as PDFKit.Mixins.StructureElementOptions);
        tableCell(doc, 'TD', () => doc.font(FONT.bold).fontSize(VALUE_SIZE).fillColor(INK).text(row.value, layout.valueX, y, { width: layout.valueWidth }));
      });
      y += heights[i];
    }),
  );
  doc.y = y;
  for (const note of notes) drawNote(doc, layout, note);
}
