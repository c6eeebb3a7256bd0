import { sandboxCard } from '../../support/payment-fixtures';
import { FULL_COVERAGE } from '../../support/policy-fixture';
import { ADDRESS, SECOND_CAR, SPOUSE, purchaseBody } from '../../support/purchase-flow';
import { GOOD_ANSWERS, GOOD_ESTIMATE, dayFromToday } from '../../support/quote-fixtures';

/** Real ids the signed-in customer owns (made through the API before the fuzz starts). */
export interface FuzzIds {
  customerEmail: string;
  quoteId: string;
  /** A second quote, ready to pay, for the purchase endpoint. */
  purchaseQuoteId: string;
  policyId: string;
  deviceId: string;
  disputeId: string;
  readingId: string;
  statementId: string;
  paymentToken: string;
  /** A payment-history entry with a receipt (the purchase's charge). */
  receiptId: string;
  claimId: string;
  claimPhotoId: string;
}

/** Who sends a request: the customer's browser, the customer's phone (Bearer device token), an agent, an admin. */
export type Caller = 'customer' | 'device' | 'agent' | 'admin';

/** One request the API accepts (or refuses only for the state it finds, never for its form). */
export interface ValidInput {
  caller: Caller;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Ends or changes the caller's session or the fixtures' state: fuzzed after every other operation. */
  last?: boolean;
}

const email = 'jane@example.com';
/** The smallest JPEG header: a claim's photo is known by its bytes. */
export const FUZZ_JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex').toString('base64');
const instant = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();

/**
 * A known-good request for every operation of the OpenAPI document, keyed "METHOD /path" as the
 * document writes it. The fuzz sends each as it is (never a 5xx), then with exactly one field,
 * query or path value gone wrong, so the bad value meets the service and the database instead
 * of stopping at a neighbouring field's check. A new endpoint fails the suite until it has one.
 */
export function validInputs(ids: FuzzIds): Record<string, ValidInput> {
  const policy = { id: ids.policyId };
  const quote = { id: ids.quoteId };
  const vehicleKey = `${ids.policyId}:0`;
  return {
    'GET /api/session': { caller: 'customer' },
    'POST /api/session': {
      caller: 'customer',
      body: {
        anonymousId: '5b0c7b6e-2f4a-4d8e-9a51-1f2e3d4c5b6a',
        attribution: { utm_source: 'news', utm_medium: 'email', utm_campaign: 'fall', utm_content: 'a', utm_term: 'insurance' },
        locale: 'en-US',
      },
    },
    'GET /api/health': { caller: 'customer' },
    'GET /api/health/live': { caller: 'customer' },
    'GET /api/health/ready': { caller: 'customer' },
    'POST /api/auth/magic-link': { caller: 'customer', body: { email, redirectUri: '/quote/application' } },
    'POST /api/auth/exchange-token': { caller: 'customer', body: { code: 'AbCdEf0123456789AbCdEf0123456789' } },
    'POST /api/auth/app-code': { caller: 'customer', body: {} },
    'POST /api/auth/sign-out': { caller: 'customer', body: {}, last: true },
    'POST /api/agent': { caller: 'agent', body: { producerId: 'MTR-1001' } },
    'POST /api/agent/on-behalf': { caller: 'agent', body: { email: ids.customerEmail }, last: true },
    'POST /api/agent/on-behalf/stop': { caller: 'agent', body: {}, last: true },
    'GET /api/admin/audit': {
      caller: 'admin',
      query: { actor: 'agent@meterly.test', customer: ids.customerEmail, action: 'on-behalf.start', from: instant(30), to: instant(0), page: '1' },
    },
    'GET /api/admin/sessions': { caller: 'admin', query: { email: ids.customerEmail } },
    'DELETE /api/admin/sessions': { caller: 'admin', query: { email }, last: true },
    'DELETE /api/admin/sessions/{sessionId}': {
      caller: 'admin',
      params: { sessionId: '0b6f1a52-8a7e-4c0e-9a55-3f1f6c1e2d11' },
      query: { email: ids.customerEmail },
      last: true,
    },
    'GET /api/admin/audit/actions': { caller: 'admin' },
    'GET /api/admin/audit/export': { caller: 'admin', query: { action: 'session.revoke', from: instant(30), to: instant(0) } },
    'GET /api/admin/staff': { caller: 'admin' },
    // Issue 27: the privacy requests' screen (a made-up request id: its 404 is its state).
    'GET /api/admin/privacy-requests': { caller: 'admin', query: { status: 'open', page: '1' } },
    'POST /api/admin/privacy-requests/{id}/extend': {
      caller: 'admin',
      params: { id: '5b0e8f1a-3c2d-4e6f-8a9b-0c1d2e3f4a5b' },
      body: { reason: 'Gathering the claim file.' },
    },
    'POST /api/admin/privacy-requests/{id}/deny': {
      caller: 'admin',
      params: { id: '5b0e8f1a-3c2d-4e6f-8a9b-0c1d2e3f4a5b' },
      body: { reason: 'Could not verify who asked.' },
    },
    'POST /api/admin/privacy-requests/{id}/complete': {
      caller: 'admin',
      params: { id: '5b0e8f1a-3c2d-4e6f-8a9b-0c1d2e3f4a5b' },
      body: { note: 'Answered by post.' },
    },
    'POST /api/admin/staff': {
      caller: 'admin',
      body: { role: 'agent', email, name: 'Dana Reyes', producerId: 'MTR-4321', phone: '+1 602-555-0100', licenseNumber: 'AZ-1234567', licensedStates: ['AZ'] },
      last: true,
    },
    'POST /api/admin/staff/{userId}/deactivate': { caller: 'admin', params: { userId: '0b6f1a52-8a7e-4c0e-9a55-3f1f6c1e2d11' }, last: true },
    'PUT /api/admin/staff/{userId}/licence': {
      caller: 'admin',
      params: { userId: '0b6f1a52-8a7e-4c0e-9a55-3f1f6c1e2d11' },
      body: { producerId: 'MTR-4322', licensedStates: ['AZ', 'TX'] },
      last: true,
    },
    'GET /api/agent/customers': { caller: 'agent', query: { search: 'example', page: '1' } },
    'POST /api/payments/sandbox/tokens': { caller: 'customer', body: sandboxCard() },
    'GET /api/payments/method': { caller: 'customer' },
    'PUT /api/payments/method': { caller: 'customer', body: { token: ids.paymentToken } },
    'POST /api/quotes/estimate': {
      caller: 'customer',
      body: {
        ...GOOD_ESTIMATE,
        coverage: { package: 'standard' },
        priorInsurance: 'over-3-years',
        incidents: [{ type: 'violations', date: dayFromToday(-100) }],
      },
    },
    'POST /api/quotes/waitlist': { caller: 'customer', body: { email, zip: '10001' } },
    'GET /api/quotes/current': { caller: 'customer' },
    'POST /api/quotes': { caller: 'customer', body: { ...GOOD_ANSWERS, incidents: [{ type: 'claims', date: dayFromToday(-200) }] } },
    'GET /api/quotes/{id}': { caller: 'customer', params: quote },
    'PATCH /api/quotes/{id}': {
      caller: 'customer',
      params: quote,
      body: { ...GOOD_ANSWERS, incidents: [{ type: 'accidents', date: dayFromToday(-400) }] },
    },
    'POST /api/quotes/{id}/price': { caller: 'customer', params: quote, body: {} },
    'POST /api/quotes/{id}/continue': { caller: 'customer', params: quote, body: {} },
    'GET /api/vehicles/makes': { caller: 'customer', query: { year: '2019' } },
    'GET /api/vehicles/models': { caller: 'customer', query: { year: '2019', make: 'Honda' } },
    'PUT /api/quotes/{id}/application/address': { caller: 'customer', params: quote, body: ADDRESS },
    'PUT /api/quotes/{id}/application/drivers': {
      caller: 'customer',
      params: quote,
      body: { drivers: [{ ...SPOUSE, incidents: [{ type: 'violations', date: dayFromToday(-300) }] }] },
    },
    'PUT /api/quotes/{id}/application/vehicles': {
      caller: 'customer',
      params: quote,
      body: { vehicles: [SECOND_CAR, { vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord' }] },
    },
    'PUT /api/quotes/{id}/application/identification': {
      caller: 'customer',
      params: quote,
      body: {
        vehicles: [{ vin: '2HGFC2F50KH500000' }, { vin: '2T3BFREV3GW000001' }, { vin: '1HGCM82633A004352' }],
        drivers: [
          { state: 'AZ', number: 'D12345678' },
          { state: 'TX', number: '12345678' },
        ],
      },
    },
    'PUT /api/quotes/{id}/application/history': { caller: 'customer', params: quote, body: { priorInsurance: 'over-3-years', currentCarrier: 'Acme Mutual' } },
    'GET /api/quotes/{id}/packages': { caller: 'customer', params: quote },
    'PUT /api/quotes/{id}/package': { caller: 'customer', params: quote, body: { package: 'full' } },
    'PUT /api/quotes/{id}/coverage': {
      caller: 'customer',
      params: quote,
      body: { ...FULL_COVERAGE, choices: { uninsuredMotorist: 'select' } },
    },
    'POST /api/quotes/{id}/coverage/confirm': { caller: 'customer', params: quote, body: {} },
    'POST /api/policies': { caller: 'customer', body: purchaseBody(ids.purchaseQuoteId, ids.paymentToken) },
    'GET /api/policies': { caller: 'customer' },
    'GET /api/policies/{id}': { caller: 'customer', params: policy },
    'GET /api/policies/{id}/documents/{file}': { caller: 'customer', params: { ...policy, file: 'id-card.pdf' }, query: { locale: 'es' } },
    'POST /api/policies/{id}/proof-links': { caller: 'customer', params: policy, body: { vehicleIndex: 0 } },
    'GET /api/policies/{id}/proof-links': { caller: 'customer', params: policy },
    'DELETE /api/policies/{id}/proof-links/{linkId}': { caller: 'customer', params: { ...policy, linkId: '5b0e8f1a-3c2d-4e6f-8a9b-0c1d2e3f4a5b' } },
    // A household (issue 27): ids and tokens that name nothing are simply not found.
    'GET /api/household': { caller: 'customer' },
    'POST /api/policies/{id}/household': { caller: 'customer', params: policy, body: { name: 'Luis García', email: 'luis.fuzz@example.com', role: 'view' } },
    'PATCH /api/policies/{id}/household/{memberId}': {
      caller: 'customer',
      params: { ...policy, memberId: '5b0e8f1a-3c2d-4e6f-8a9b-0c1d2e3f4a5b' },
      body: { role: 'pay' },
    },
    'DELETE /api/policies/{id}/household/{memberId}': { caller: 'customer', params: { ...policy, memberId: '5b0e8f1a-3c2d-4e6f-8a9b-0c1d2e3f4a5b' } },
    'POST /api/household/accept': { caller: 'customer', body: { token: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } },
    'POST /api/household/invitations/{invitationId}/accept': { caller: 'customer', params: { invitationId: '5b0e8f1a-3c2d-4e6f-8a9b-0c1d2e3f4a5b' }, body: {} },
    'DELETE /api/household/shared/{membershipId}': { caller: 'customer', params: { membershipId: '5b0e8f1a-3c2d-4e6f-8a9b-0c1d2e3f4a5b' } },
    'POST /api/policies/{id}/confirm': { caller: 'customer', params: policy, body: { agreeToTerms: true, signatureName: 'Ana García' } },
    // Policy changes (issue 16): a change that cannot exist is simply not found.
    'GET /api/policies/{id}/changes': { caller: 'customer', params: policy },
    'POST /api/policies/{id}/changes': {
      caller: 'customer',
      params: policy,
      body: { kind: 'address', effectiveDate: dayFromToday(1), address: { line1: '1 E Congress St', city: 'Tucson', zip: '85701' } },
    },
    'GET /api/policies/{id}/changes/{changeId}': { caller: 'customer', params: { ...policy, changeId: '7d1f7c52-4b4e-4d0e-9a51-1f2e3d4c5b6a' } },
    'POST /api/policies/{id}/changes/{changeId}/confirm': {
      caller: 'customer',
      params: { ...policy, changeId: '7d1f7c52-4b4e-4d0e-9a51-1f2e3d4c5b6a' },
      body: {},
    },
    'POST /api/policies/{id}/renewal/decline': { caller: 'customer', params: policy, body: {} },
    'POST /api/policies/{id}/billing/pay': { caller: 'customer', params: policy, body: {} },
    'GET /api/policies/{id}/reinstatement': { caller: 'customer', params: policy },
    'POST /api/policies/{id}/reinstatement': { caller: 'customer', params: policy, body: { noLossStatement: true } },
    'GET /api/policies/{id}/cancellation-quote': { caller: 'customer', params: policy, query: { date: dayFromToday(20) } },
    'POST /api/policies/{id}/cancel': { caller: 'customer', params: policy, body: { date: dayFromToday(20), reason: 'Sold the car' }, last: true },
    'GET /api/agent/policies': { caller: 'agent' },
    'GET /api/account': { caller: 'customer' },
    'PUT /api/account': { caller: 'customer', body: { name: 'Ana García', preferredLocale: 'es' } },
    'GET /api/account/locations': { caller: 'customer' },
    'PUT /api/account/locations': { caller: 'customer', body: { choice: 'keep' } },
    'DELETE /api/account/locations/kept': { caller: 'customer' },
    // Issue 27: download my data (a made-up export id: the fuzz asks for the form, a 404 is its state).
    'POST /api/account/data-export': { caller: 'customer', body: {} },
    'GET /api/account/data-export': { caller: 'customer' },
    'GET /api/account/data-export/{exportId}/data.json': { caller: 'customer', params: { exportId: '5b0e8f1a-3c2d-4e6f-8a9b-0c1d2e3f4a5b' } },
    'GET /api/account/data-export/{exportId}/data.pdf': { caller: 'customer', params: { exportId: '5b0e8f1a-3c2d-4e6f-8a9b-0c1d2e3f4a5b' } },
    'GET /api/account/data-export/{exportId}/data.zip': { caller: 'customer', params: { exportId: '5b0e8f1a-3c2d-4e6f-8a9b-0c1d2e3f4a5b' } },
    // The fuzz customer's policy is in force: asking is refused (409) for that state, never for its form.
    'GET /api/account/deletion': { caller: 'customer' },
    'POST /api/account/deletion': { caller: 'customer', body: {} },
    'POST /api/account/deletion/confirm': { caller: 'customer', body: { token: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', lang: 'en-US' } },
    'POST /api/mobile/devices': { caller: 'customer', body: { name: "Ana's iPhone", platform: 'ios' } },
    'DELETE /api/mobile/devices/{id}': { caller: 'customer', params: { id: ids.deviceId }, last: true },
    'GET /api/mobile/policies': { caller: 'device' },
    'GET /api/mobile/locations': { caller: 'device' },
    'POST /api/mobile/trips': {
      caller: 'device',
      body: {
        trips: [
          {
            clientTripId: 'trip-0001',
            vehicle: vehicleKey,
            startedAt: instant(0.02),
            endedAt: instant(0.01),
            miles: 12.4,
            route: { startCity: 'Phoenix', endCity: 'Tempe', polyline: '_p~iF~ps|U_ulLnnqC' },
          },
        ],
      },
    },
    'POST /api/mobile/odometer': { caller: 'device', body: { vehicle: vehicleKey, reading: 48_300, readAt: instant(0.005) } },
    'POST /api/policies/{id}/odometer': { caller: 'customer', params: policy, body: { vehicleIndex: 0, reading: 48_400, readAt: instant(0.004) } },
    'GET /api/policies/{id}/odometer': { caller: 'customer', params: policy },
    'GET /api/policies/{id}/odometer/{readingId}/photo': { caller: 'customer', params: { ...policy, readingId: ids.readingId } },
    // A trip of no one's: refused for what it finds (404), never for its form.
    'POST /api/policies/{id}/miles/trips/{tripId}/flag': {
      caller: 'customer',
      params: { ...policy, tripId: '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f' },
      body: { flag: 'passenger', note: 'My sister drove.' },
    },
    'GET /api/policies/{id}/miles': { caller: 'customer', params: policy, query: { from: dayFromToday(-20), to: dayFromToday(0) } },
    'POST /api/policies/{id}/miles/disputes': {
      caller: 'customer',
      params: policy,
      body: { vehicleIndex: 0, day: dayFromToday(0), reason: 'The car was in the garage all day.', claimedMiles: 12 },
    },
    'GET /api/policies/{id}/miles/disputes': { caller: 'customer', params: policy },
    'GET /api/policies/{id}/miles/trips': { caller: 'customer', params: policy, query: { from: dayFromToday(-20), to: dayFromToday(0) } },
    'GET /api/payment-history': { caller: 'customer', query: { limit: '10' } },
    'GET /api/payment-history/{entryId}/receipt.pdf': { caller: 'customer', params: { entryId: ids.receiptId }, query: { locale: 'es' } },
    'GET /api/policies/{id}/miles/disputes/{disputeId}/photo': { caller: 'customer', params: { ...policy, disputeId: ids.disputeId } },
    'GET /api/agent/miles/review': { caller: 'admin' },
    'POST /api/agent/miles/disputes/{disputeId}/decision': {
      caller: 'admin',
      params: { disputeId: ids.disputeId },
      body: { decision: 'accepted', miles: 12, note: 'Thanks: we checked the odometer.' },
      last: true,
    },
    'GET /api/agent/miles/disputes/{disputeId}/photo': { caller: 'admin', params: { disputeId: ids.disputeId } },
    'GET /api/agent/miles/readings/{readingId}/photo': { caller: 'admin', params: { readingId: ids.readingId } },
    'POST /api/claims': {
      caller: 'customer',
      body: {
        policyId: ids.policyId,
        vehicleIndex: 1,
        kind: 'accident',
        occurredAt: instant(0.01),
        location: 'Camelback Rd and 24th St, Phoenix',
        description: 'A pickup ran the red light and hit my passenger door.',
        otherParty: 'Sam Lee, Acme Mutual',
        policeReport: 'PHX-2026-118234',
        injuries: false,
      },
    },
    // The photo is the raw body (image/jpeg): the fuzz's JSON bodies are refused by type, below 500.
    'POST /api/claims/{claimId}/photos': { caller: 'customer', params: { claimId: ids.claimId } },
    'POST /api/claims/{claimId}/messages': { caller: 'customer', params: { claimId: ids.claimId }, body: { body: 'Can I send you the body shop estimate?' } },
    'GET /api/claims': { caller: 'customer' },
    'GET /api/claims/{claimId}': { caller: 'customer', params: { claimId: ids.claimId } },
    'GET /api/claims/{claimId}/photos/{photoId}': { caller: 'customer', params: { claimId: ids.claimId, photoId: ids.claimPhotoId } },
    'GET /api/agent/claims': { caller: 'admin', query: { status: 'reported' } },
    'GET /api/agent/claims/{claimId}': { caller: 'admin', params: { claimId: ids.claimId } },
    'GET /api/agent/claims/{claimId}/photos/{photoId}': { caller: 'admin', params: { claimId: ids.claimId, photoId: ids.claimPhotoId } },
    'POST /api/agent/claims/{claimId}/messages': { caller: 'admin', params: { claimId: ids.claimId }, body: { body: 'Yes: send it here as a photo.' } },
    'POST /api/agent/claims/{claimId}/status': {
      caller: 'admin',
      params: { claimId: ids.claimId },
      body: { to: 'under_review', from: 'reported', note: 'An adjuster will call you by Friday.' },
      last: true,
    },
    'GET /api/policies/{id}/statements': { caller: 'customer', params: policy },
    'GET /api/policies/{id}/statements/{statementId}/{file}': {
      caller: 'customer',
      params: { ...policy, statementId: ids.statementId, file: 'statement.pdf' },
      query: { locale: 'en-US' },
    },
    'GET /api/policies/{id}/billing': { caller: 'customer', params: policy },
    'PUT /api/policies/{id}/billing/budget': { caller: 'customer', params: policy, body: { miles: 600 } },
    'PUT /api/policies/{id}/billing/day': { caller: 'customer', params: policy, body: { day: 15 } },
    'POST /api/consent': {
      caller: 'customer',
      body: { tracking: true, advertising: false, source: 'banner-confirm', anonymousId: '5b0c7b6e-2f4a-4d8e-9a51-1f2e3d4c5b6a' },
    },
    'GET /api/consent': { caller: 'customer' },
    // The banner's plain form (sent as a form by the page; JSON is taken too, as the fuzz sends it).
    'POST /api/consent/form': { caller: 'customer', body: { choice: 'accept', back: '/es/quote' } },
    'POST /api/a/b': { caller: 'customer', body: analyticsBatch() },
    'POST /api/a/batch': { caller: 'customer', body: analyticsBatch() },
    'POST /api/logs': {
      caller: 'customer',
      body: {
        logs: [
          {
            level: 'error',
            message: '[auth] failed to send the magic link',
            tag: 'auth',
            time: instant(0),
            correlationId: 'req-0123456789',
            userId: '5b0c7b6e-2f4a-4d8e-9a51-1f2e3d4c5b6a',
            userEmail: email,
            url: '/sign-in',
            details: { status: 502 },
            error: { name: 'TypeError', message: 'Failed to fetch', stack: 'TypeError: Failed to fetch\n    at send (app.js:1:1)' },
          },
        ],
      },
    },
  };
}

function analyticsBatch() {
  return {
    batch: [
      {
        type: 'track',
        messageId: 'ajs-next-0123456789',
        event: 'Quote Started',
        anonymousId: '5b0c7b6e-2f4a-4d8e-9a51-1f2e3d4c5b6a',
        timestamp: instant(0),
        sentAt: instant(0),
        properties: { step: 'zip', zip: '85004' },
        context: { page: { path: '/quote' }, locale: 'en-US' },
      },
    ],
    writeKey: 'meterly-web',
    sentAt: instant(0),
  };
}
