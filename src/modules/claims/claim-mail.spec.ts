import { claimChangedMail, claimMessageForHandlerMail, claimMessageMail, claimReceivedMail, type ClaimMailContext } from './claim-mail';
import type { ClaimView } from '../../shared/claims/claim-model';
import type { Locale } from '../../shared/locale';

const CLAIM: ClaimView = {
  id: '00000000-0000-4000-8000-000000000001',
  number: 'CLM-2026-000123',
  policyId: '00000000-0000-4000-8000-000000000002',
  policyNumber: 'MP-AZ-1000042',
  vehicleIndex: 0,
  vehicle: '2019 Honda Civic',
  kind: 'accident',
  status: 'reported',
  occurredAt: '2026-11-25T00:30:00.000Z',
  location: 'Phoenix',
  description: 'A pickup ran the red light.',
  otherParty: null,
  policeReport: null,
  injuries: true,
  photoIds: [],
  createdAt: '2026-11-25T01:00:00.000Z',
  updatedAt: '2026-11-25T01:00:00.000Z',
  events: [{ status: 'reported', note: null, at: '2026-11-25T01:00:00.000Z' }],
  nextSteps: [
    { step: 'review', by: '2026-11-26' },
    { step: 'decision', by: '2026-12-10' },
    { step: 'payment', by: '2026-12-17' },
  ],
  handler: { kind: 'team' },
  messages: [],
  messagesUntil: null,
};

function context(locale: Locale, claim: ClaimView = CLAIM): ClaimMailContext {
  // The day it happened is Arizona's: 5:30 p.m. on November 24 there.
  return {
    to: 'ana@example.com',
    locale,
    name: 'Ana',
    claim,
    occurredDay: '2026-11-24',
    publicUrl: 'https://meterly.example',
    legal: { agency: 'Agency', insurer: 'Insurer' },
  };
}

describe(claimReceivedMail.name, () => {
  it.each<[Locale, string[]]>([
    [
      'en-US',
      [
        'Hello Ana,',
        'Your claim number is CLM-2026-000123.',
        'an accident on November 24, 2026 with 2019 Honda Civic, on policy MP-AZ-1000042',
        'call 911 first',
        'call 1-800-555-0199 at any time',
        'https://meterly.example/profile#claims',
        'What happens next: We begin reviewing your claim by November 26, 2026. We decide on your claim by December 10, 2026. If it is approved, we pay by December 17, 2026.',
        'Our claims team handles your claim: 1-800-555-0199',
      ],
    ],
    [
      'es',
      [
        'Hola, Ana:',
        'Tu número de reclamo es CLM-2026-000123.',
        'un accidente del 24 de noviembre de 2026 con el 2019 Honda Civic, en la póliza MP-AZ-1000042',
        'llama primero al 911',
        'llama al 1-800-555-0199 a cualquier hora',
        'https://meterly.example/es/profile#claims',
        'Lo que sigue: Empezamos a revisar tu reclamo a más tardar el 26 de noviembre de 2026.',
        'Nuestro equipo de reclamos atiende tu reclamo: 1-800-555-0199',
      ],
    ],
  ])('in %s gives the number at once, what we understood, and where to call', (locale, phrases) => {
    const mail = claimReceivedMail(context(locale));
    expect(mail.subject).toContain('CLM-2026-000123');
    for (const phrase of phrases) expect(mail.text).toContain(phrase);
    expect(mail.html).toContain(`#claim-CLM-2026-000123`);
  });

  it('says nothing of 911 when nobody was hurt', () => {
    expect(claimReceivedMail(context('en-US', { ...CLAIM, injuries: false })).text).not.toContain('911');
  });
});

describe(claimChangedMail.name, () => {
  it("names the claim's handler and the next step's day, and nothing ahead once it is paid (issue 27)", () => {
    const agent = { kind: 'agent' as const, name: 'Dana Agent', email: 'agent@meterly.test', phone: '602-555-0100' };
    const approved = claimChangedMail(
      context('en-US', { ...CLAIM, status: 'approved', nextSteps: [{ step: 'payment', by: '2026-12-17' }], handler: agent }),
      'Yes.',
    );
    expect(approved.text).toContain('What happens next: We pay by December 17, 2026.');
    expect(approved.text).toContain('Dana Agent handles your claim: 602-555-0100, agent@meterly.test.');
    const paid = claimChangedMail(context('en-US', { ...CLAIM, status: 'paid', nextSteps: [], handler: agent }), 'Paid.');
    expect(paid.text).not.toContain('What happens next');
  });

  it.each<[Locale, string, string]>([
    ['en-US', 'Your claim CLM-2026-000123: Approved', 'Our note: We will pay <the shop> & you.'],
    ['es', 'Tu reclamo CLM-2026-000123: Aprobado', 'Nuestra nota: We will pay <the shop> & you.'],
  ])("in %s names the new state and carries staff's note, escaped in HTML", (locale, subject, note) => {
    const mail = claimChangedMail(context(locale, { ...CLAIM, status: 'approved' }), 'We will pay <the shop> & you.');
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(locale === 'es' ? 'Hola, Ana:' : 'Hello Ana,');
    expect(mail.text).toContain(note);
    expect(mail.html).not.toContain('<the shop>');
    expect(mail.html).toContain('&#60;the shop&#62;');
  });
});

describe(claimMessageMail.name, () => {
  it.each<[Locale, string | null, string, string]>([
    ['en-US', 'Dana Agent', 'A new message about your claim CLM-2026-000123', 'Dana Agent wrote to you about your claim CLM-2026-000123.'],
    ['es', null, 'Un mensaje nuevo sobre tu reclamo CLM-2026-000123', 'El equipo de reclamos de Meterly te escribió sobre tu reclamo CLM-2026-000123.'],
  ])('in %s says who wrote and links to the claim, never carrying the message', (locale, from, subject, intro) => {
    const mail = claimMessageMail(context(locale), from);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(intro);
    expect(mail.text).toContain(`https://meterly.example${locale === 'es' ? '/es' : ''}/profile#claim-CLM-2026-000123`);
  });
});

describe(claimMessageForHandlerMail.name, () => {
  const handlerContext = { claim: CLAIM, publicUrl: 'https://meterly.example', legal: { agency: 'Meterly Insurance Services, LLC', insurer: 'Harborline' } };
  it('tells the agent in their language which claim has a message, linking to the staff claims screen', () => {
    const mail = claimMessageForHandlerMail({ ...handlerContext, to: 'agent@meterly.test', locale: 'es', name: 'Dana', onBehalf: false });
    expect(mail.subject).toBe('Reclamo CLM-2026-000123: un mensaje del cliente');
    expect(mail.text).toContain('Hola, Dana:');
    expect(mail.text).toContain(`https://meterly.example/es/agent/claims?claim=${CLAIM.id}`);
  });

  it('greets the claims team without a name and says when staff wrote for the customer', () => {
    const mail = claimMessageForHandlerMail({ ...handlerContext, to: 'claims@meterly.example', locale: 'en-US', name: null, onBehalf: true });
    expect(mail.text).toContain('Hello,');
    expect(mail.text).toContain('by staff acting for them');
  });
});
