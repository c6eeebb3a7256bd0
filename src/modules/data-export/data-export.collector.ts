import { Injectable } from '@nestjs/common';
import { DATA_EXPORT_FORMAT, DATA_EXPORT_VERSION } from '../../shared/privacy/data-export-model';
import { SignInCodes } from '../auth';
import { BillingService } from '../billing';
import { ClaimsService } from '../claims';
import { ConsentService } from '../consent';
import { LocationChoiceService, MilesService } from '../miles';
import { PaymentMethodsService, PaymentsService } from '../payments';
import { HouseholdService, PolicyRecords, policyView } from '../policy';
import { PrivacyRequestsService, privacyRequestView } from '../privacy-requests';
import { ProofLinksService } from '../proof-links';
import { QuoteLifecycle, quoteView } from '../quote';
import { SessionAdmin } from '../session';
import { UsersService } from '../users';

/** Charges and refunds listed in one export: far above any customer's count, a bound on one file. */
const PAYMENTS_LISTED = 5000;

const iso = (value: Date | string | null | undefined): string | null => (value ? new Date(value).toISOString() : null);

/**
 * Everything Meterly holds about one customer, as the JSON file says it (format
 * `meterly-data-export`, version 1; docs/decisions.md "Issue 27: download my data"). Photos are
 * not inlined: each is named by the signed-in link that shows it to its owner (`photoLinks`), and
 * the ZIP download carries them as files (data-export-archive.ts).
 */
export type DataExportDocument = Awaited<ReturnType<DataExportCollector['collect']>>;

/**
 * Reads a customer's data for their export through each owning module's public service (the
 * module rules: no table is read here). Reads only what is the user's own: every query is by the
 * user's id, or by a policy found to be theirs.
 */
@Injectable()
export class DataExportCollector {
  constructor(
    private readonly users: UsersService,
    private readonly signIns: SignInCodes,
    private readonly sessions: SessionAdmin,
    private readonly quotes: QuoteLifecycle,
    private readonly policies: PolicyRecords,
    private readonly miles: MilesService,
    private readonly locations: LocationChoiceService,
    private readonly claims: ClaimsService,
    private readonly consent: ConsentService,
    private readonly payments: PaymentsService,
    private readonly methods: PaymentMethodsService,
    private readonly billing: BillingService,
    private readonly proofLinks: ProofLinksService,
    private readonly privacy: PrivacyRequestsService,
    private readonly household: HouseholdService,
  ) {}

  async collect(userId: string, generatedAt: Date) {
    const user = await this.users.findById(userId);
    if (!user) throw new Error('The export names no user');
    const [signIns, sessions, quotes, policyRows, locationChoice, claims, consent, payments, methods, requests, household] = await Promise.all([
      this.signIns.signInsOf(user),
      this.sessions.listByEmail(user.email),
      this.quotes.listForUser(userId),
      this.policies.listForUser(userId),
      this.locations.view(userId),
      this.claims.list(userId),
      this.consent.historyOf(userId),
      this.payments.history(userId, null, PAYMENTS_LISTED),
      this.methods.history(userId),
      this.privacy.ofUser(userId),
      // Whom the customer's policies are shared with, what is shared with them, invitations waiting (issue 27).
      this.household.view({ userId: user.id, email: user.email, role: 'customer', correlationId: null }),
    ]);
    const policies = [];
    for (const row of policyRows) {
      const [changes, coverGaps, miles, statements, proofLinks] = await Promise.all([
        this.policies.appliedChanges(row.id),
        this.policies.coverGaps(row.id),
        this.miles.exportOf(row),
        this.billing.list(row.id),
        this.proofLinks.listOf(row.id),
      ]);
      policies.push({
        policy: policyView(row),
        timeline: { changes, coverGaps },
        trips: miles.trips,
        odometerReadings: miles.readings,
        mileDisputes: miles.disputes,
        statements: statements.map((s) => ({
          id: s.id,
          periodStart: s.periodStart,
          periodEnd: s.periodEnd,
          lines: s.lines,
          totalCents: s.totalCents,
          status: s.status,
          createdAt: iso(s.createdAt),
          paidAt: iso(s.paidAt),
          refundedAt: iso(s.refundedAt),
        })),
        proofLinks,
      });
    }
    const photoLinks = [
      ...policies.flatMap(({ policy, odometerReadings, mileDisputes }) => [
        ...odometerReadings
          .filter((r) => r.hasPhoto)
          .map((r) => ({ kind: 'odometer-reading' as const, id: r.id, policyId: policy.id, path: `/api/policies/${policy.id}/odometer/${r.id}/photo` })),
        ...mileDisputes
          .filter((d) => d.hasPhoto)
          .map((d) => ({ kind: 'mile-dispute' as const, id: d.id, policyId: policy.id, path: `/api/policies/${policy.id}/miles/disputes/${d.id}/photo` })),
      ]),
      ...claims.flatMap((c) => c.photoIds.map((id) => ({ kind: 'claim' as const, id, claimId: c.id, path: `/api/claims/${c.id}/photos/${id}` }))),
    ];
    return {
      format: DATA_EXPORT_FORMAT,
      version: DATA_EXPORT_VERSION,
      generatedAt: generatedAt.toISOString(),
      account: {
        id: user.id,
        email: user.email,
        name: user.name,
        locale: user.locale,
        createdAt: iso(user.createdAt),
        lastSignInAt: iso(user.lastSignInAt),
      },
      signInHistory: {
        signIns: signIns.map((s) => ({ by: s.purpose, requestedAt: iso(s.requestedAt), usedAt: iso(s.usedAt) })),
        // The user's live sessions: when, the browser and address; never a session's id (a credential).
        sessions: sessions.map((s) => ({
          createdAt: iso(s.createdAt),
          lastSeenAt: iso(s.lastSeenAt),
          browser: s.userAgent,
          ip: s.ip,
          staffActingForYou: s.onBehalfBy,
        })),
      },
      quotes: quotes.map(quoteView),
      policies,
      locationChoice,
      claims,
      consentRecords: consent,
      payments: payments.map((p) => ({
        id: p.id,
        kind: p.kind,
        at: p.atText,
        purpose: p.purpose,
        description: p.description,
        amountCents: p.amountCents,
        currency: p.currency,
        status: p.status,
        declineReason: p.declineReason,
        card: p.cardLast4 ? { brand: p.cardBrand, last4: p.cardLast4, expMonth: p.cardExpMonth, expYear: p.cardExpYear } : null,
      })),
      paymentMethods: methods.map((m) => ({
        brand: m.brand,
        last4: m.last4,
        expMonth: m.expMonth,
        expYear: m.expYear,
        savedAt: iso(m.createdAt),
        replacedAt: iso(m.replacedAt),
      })),
      privacyRequests: requests.map(privacyRequestView),
      household,
      photoLinks,
    };
  }
}
