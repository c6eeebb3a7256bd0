import { Module } from '@nestjs/common';
import { AgentModule } from '../agent';
import { AuditModule } from '../audit';
import { MailModule } from '../mail';
import { PaymentsModule } from '../payments';
import { QuoteModule } from '../quote';
import { RateLimitModule } from '../rate-limit';
import { PageDataModule } from '../ssr';
import { UsersModule } from '../users';
import { AgentPoliciesController } from './agent-policies.controller';
import { CancellationFigures } from './cancellation-figures';
import { CancellationQuoteController } from './cancellation-quote.controller';
import { CancellationRepository } from './cancellation.repository';
import { ChangePricingService } from './changes/change-pricing.service';
import { PolicyChangeRepository } from './changes/policy-change.repository';
import { PolicyChangesController } from './changes/policy-changes.controller';
import { PolicyChangesService } from './changes/policy-changes.service';
import { HouseholdErasure } from './household/household-erasure';
import { HouseholdPageData } from './household/household-page-data';
import { HouseholdController } from './household/household.controller';
import { HouseholdRepository } from './household/household.repository';
import { HouseholdService } from './household/household.service';
import { PolicyAccess } from './household/policy-access';
import { PoliciesService } from './policies.service';
import { PolicyDocumentsService } from './policy-documents.service';
import { PolicyMailer } from './policy-mailer.service';
import { PolicyNotifications } from './policy-notifications.service';
import { PolicyPageData } from './policy-page-data';
import { PolicyRecords } from './policy-records.service';
import { PolicyController } from './policy.controller';
import { PolicyRepository } from './policy.repository';
import { ProofOfInsurance } from './proof-of-insurance.service';
import { PurchaseErasure } from './purchase-erasure';
import { PurchaseFaults } from './purchase-faults';
import { PurchaseRequestRepository } from './purchase-request.repository';
import { PurchaseService } from './purchase.service';
import { RenewalController } from './renewal/renewal.controller';
import { RenewalService } from './renewal/renewal.service';
import { PolicyTimeline } from './timeline/policy-timeline.service';
import { PolicyTransactionRepository } from './timeline/policy-transaction.repository';
import { UnusedChargeSweeper } from './unused-charge-sweeper.service';
import { VinCheckService } from './vin-check.service';
import { VinFlagRepository } from './vin-flag.repository';

/** Policies: the purchase that issues them, their timeline, documents, confirmation, renewal and cancellation; who may act on one (PolicyAccess: its owner and its household, issue 27). */
@Module({
  imports: [AgentModule, AuditModule, MailModule, PageDataModule, PaymentsModule, QuoteModule, RateLimitModule, UsersModule],
  controllers: [PolicyController, AgentPoliciesController, PolicyChangesController, RenewalController, CancellationQuoteController, HouseholdController],
  providers: [
    PurchaseErasure,
    HouseholdErasure,
    PolicyRepository,
    PolicyRecords,
    PurchaseRequestRepository,
    PurchaseService,
    PoliciesService,
    PolicyDocumentsService,
    PolicyMailer,
    PolicyNotifications,
    PurchaseFaults,
    UnusedChargeSweeper,
    VinFlagRepository,
    VinCheckService,
    PolicyChangeRepository,
    ChangePricingService,
    PolicyChangesService,
    PolicyTransactionRepository,
    PolicyTimeline,
    RenewalService,
    CancellationRepository,
    CancellationFigures,
    PolicyPageData,
    ProofOfInsurance,
    HouseholdRepository,
    PolicyAccess,
    HouseholdService,
    HouseholdPageData,
  ],
  // Other modules read and change policies through PolicyRecords: PolicyRepository is the table's one writer.
  // PolicyMailer sends billing's and miles' e-mails about a policy, which those modules compose.
  // ProofOfInsurance: what the ID card says, for the share-proof link's page (issue 27).
  exports: [
    PurchaseErasure,
    HouseholdErasure,
    HouseholdService,
    PolicyRecords,
    PolicyMailer,
    PoliciesService,
    CancellationFigures,
    RenewalService,
    ProofOfInsurance,
  ],
})
export class PolicyModule {}
