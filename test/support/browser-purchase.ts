import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { LOGIN_TEXTS } from './browser-sign-in';
import type { Locator, Page } from 'playwright-core';

export const CARD_YEAR = new Date().getUTCFullYear() + 3;

/** What the purchase pages say, in each locale (the locale files' words, so a change shows here). */
export const PURCHASE_TEXTS = {
  'en-US': {
    ...LOGIN_TEXTS['en-US'],
    card: {
      number: 'Card number',
      expiry: 'Expiry date',
      cvc: 'Security code',
      postalCode: 'Billing ZIP code',
      summary: `Visa ending in 4242, expires 12/${CARD_YEAR}`,
    },
    payment: 'Payment',
    dueToday: 'Due today',
    startDate: 'Policy start date',
    agree: /I have read and agree to the Terms and Conditions/,
    terms: 'Terms and Conditions (opens in a new tab)',
    signature: 'Your full legal name',
    signed: 'Signed electronically',
    pay: (amount: string) => `Pay ${amount} and buy`,
    agreeRequired: 'Tick the box to agree to the Terms and Conditions.',
    nameRequired: 'Type your full legal name to sign.',
    declined: 'Your bank declined this card. Nothing was charged. Try another card, or call your bank.',
    insufficient: 'Your bank declined this card for insufficient funds. Nothing was charged. Try another card.',
    staffSubmit: 'Send to the customer to sign',
    staffNote: (email: string) => `You are buying for ${email}.`,
    covered: "You're covered",
    active: 'Active',
    pendingTitle: 'Sent to the customer to sign',
    pendingStaff: "Waiting for the customer's signature",
    idCard: 'Download the ID card',
    declarations: 'Download the declarations page',
    next: 'What happens next',
    profilePolicies: 'Your policies',
    review: 'Review and sign',
    signAndPay: (amount: string) => `Sign and pay ${amount}`,
    signedNews: (number: string) => `Signed. Policy ${number} is active`,
    cancelPolicy: (number: string) => `Cancel policy ${number}`,
    cancelTitle: (number: string) => `Cancel policy ${number}?`,
    lastDay: 'Last day of coverage',
    noFee: /There is no cancellation fee/,
    confirmCancel: 'Cancel policy',
    cancelled: 'Cancelled',
    cancelledNews: (number: string) => `Policy ${number} is cancelled.`,
    customerEmail: "Customer's e-mail address",
    startPurchase: 'Start purchase',
    stop: 'Stop purchasing for this customer',
    agentBanner: (email: string) => `Hi Dana Reyes, purchasing for ${email}`,
    sold: 'Policies you sold',
    accountName: 'Full name',
    saveAccount: 'Save details',
    accountSaved: 'Your details are saved.',
    unfinished: "We didn't get an answer about your last payment.",
    resume: 'Check and finish my payment',
    priceChanged: /^Our rates changed since you confirmed your coverage/,
    coverageTitle: 'Your coverage',
  },
  es: {
    ...LOGIN_TEXTS.es,
    card: {
      number: 'Número de tarjeta',
      expiry: 'Fecha de vencimiento',
      cvc: 'Código de seguridad',
      postalCode: 'Código postal de facturación',
      summary: `Visa terminada en 4242, vence 12/${CARD_YEAR}`,
    },
    payment: 'Pago',
    dueToday: 'A pagar hoy',
    startDate: 'Fecha de inicio de la póliza',
    agree: /Leí y acepto los Términos y condiciones/,
    terms: 'Términos y condiciones (se abre en una pestaña nueva)',
    signature: 'Tu nombre legal completo',
    signed: 'Firmado electrónicamente',
    pay: (amount: string) => `Pagar ${amount} y comprar`,
    agreeRequired: 'Marca la casilla para aceptar los Términos y condiciones.',
    nameRequired: 'Escribe tu nombre legal completo para firmar.',
    declined: 'Tu banco rechazó esta tarjeta. No se cobró nada. Prueba con otra tarjeta o llama a tu banco.',
    insufficient: 'Tu banco rechazó esta tarjeta por fondos insuficientes. No se cobró nada. Prueba con otra tarjeta.',
    staffSubmit: 'Enviar al cliente para que firme',
    staffNote: (email: string) => `Estás comprando para ${email}.`,
    covered: 'Ya estás asegurado',
    active: 'Activa',
    pendingTitle: 'Enviada al cliente para su firma',
    pendingStaff: 'Pendiente de la firma del cliente',
    idCard: 'Descargar la tarjeta de seguro',
    declarations: 'Descargar la página de declaraciones',
    next: 'Qué sigue',
    profilePolicies: 'Tus pólizas',
    review: 'Revisar y firmar',
    signAndPay: (amount: string) => `Firmar y pagar ${amount}`,
    signedNews: (number: string) => `Firmado. La póliza ${number} está activa`,
    cancelPolicy: (number: string) => `Cancelar la póliza ${number}`,
    cancelTitle: (number: string) => `¿Cancelar la póliza ${number}?`,
    lastDay: 'Último día de cobertura',
    noFee: /No hay cargo por cancelar/,
    confirmCancel: 'Cancelar la póliza',
    cancelled: 'Cancelada',
    cancelledNews: (number: string) => `La póliza ${number} está cancelada.`,
    customerEmail: 'Correo del cliente',
    startPurchase: 'Empezar la compra',
    stop: 'Dejar de comprar para este cliente',
    agentBanner: (email: string) => `Hola, Dana Reyes: comprando para ${email}`,
    sold: 'Pólizas que vendiste',
    accountName: 'Nombre completo',
    saveAccount: 'Guardar datos',
    accountSaved: 'Tus datos están guardados.',
    unfinished: 'No recibimos respuesta sobre tu último pago.',
    resume: 'Comprobar y terminar mi pago',
    priceChanged: /^Nuestras tarifas cambiaron desde que confirmaste tu cobertura/,
    coverageTitle: 'Tu cobertura',
  },
};
export type PurchaseTexts = (typeof PURCHASE_TEXTS)['en-US'] | (typeof PURCHASE_TEXTS)['es'];

/** Types a sandbox test card into CardEntry, once its fields are enabled (after hydration). */
export async function fillCard(page: Page, text: PurchaseTexts, number: string): Promise<void> {
  await page.waitForFunction(() => {
    const input = document.querySelector('input[autocomplete="cc-number"]');
    return input && !input.hasAttribute('disabled');
  });
  await page.getByLabel(text.card.number, { exact: true }).fill(number);
  await page.getByLabel(text.card.expiry, { exact: true }).fill(`12${String(CARD_YEAR).slice(2)}`);
  await page.getByLabel(text.card.cvc, { exact: true }).fill('123');
  await page.getByLabel(text.card.postalCode, { exact: true }).fill('85004');
}

/** The customer's agreement and typed signature. */
export async function sign(page: Page, text: PurchaseTexts, name: string): Promise<void> {
  await page.getByRole('checkbox', { name: text.agree }).check();
  await page.getByLabel(text.signature, { exact: true }).fill(name);
}

const SCREENS = path.resolve(__dirname, '../../.screens');

/**
 * Pictures are for a person to look at after a run here; CI's clone is thrown away unread, so
 * there they are not taken (they assert nothing, and each costs a render of the whole page).
 */
const TAKE_PICTURES = !process.env.CI;

/** A full-page screenshot in .screens/ (git-ignored) to look at after the run. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!TAKE_PICTURES) return;
  fs.mkdirSync(SCREENS, { recursive: true });
  // Animations and the caret would make two runs of the same screen differ.
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: true, animations: 'disabled', caret: 'hide' });
}

/** A picture of one part of the page (a table, a form), or of the page's viewport, for looking at it at a phone's width. */
export async function screenshotOf(target: Locator | Page, name: string): Promise<void> {
  if (!TAKE_PICTURES) return;
  fs.mkdirSync(SCREENS, { recursive: true });
  await target.screenshot({ path: path.join(SCREENS, `${name}.png`), animations: 'disabled', caret: 'hide' });
}

/**
 * axe-core's serious and critical findings on the page as it is now (none expected), or within
 * `selector`. Legacy mode runs axe in the page itself: the default opens a blank page to put
 * the frames' results together, which doubled every check's time for the same findings
 * (measured: 2.4-3.1 s against 1.2 s on the home page). Only violations are read, so axe is
 * asked to gather only those: every rule still runs on every node, but it no longer builds a
 * selector for each node that passed or needs review (0.4-0.7 s against 0.7-1.5 s a page, the
 * same violations on five pages).
 */
export async function seriousA11yProblems(page: Page, selector?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  if (selector) builder = builder.include(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
