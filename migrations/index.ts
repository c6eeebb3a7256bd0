import { CreateSessionTable1763800000000 } from './1763800000000-CreateSessionTable';
import { CreateUsers1763800001000 } from './1763800001000-CreateUsers';
import { CreateSignInTables1763800002000 } from './1763800002000-CreateSignInTables';
import { CreateLocalMailbox1763800003000 } from './1763800003000-CreateLocalMailbox';
import { CreateStaffTables1763800004000 } from './1763800004000-CreateStaffTables';
import { CreateConsentRecords1763800010000 } from './1763800010000-CreateConsentRecords';
import { CreateAnalyticsEvents1763800011000 } from './1763800011000-CreateAnalyticsEvents';
import { CreateFeatureFlags1763800012000 } from './1763800012000-CreateFeatureFlags';
import { CreateQuotes1763800020000 } from './1763800020000-CreateQuotes';
import { SeedRateTable202611011763800021000 } from './1763800021000-SeedRateTable20261101';
import { CreatePayments1763800030000 } from './1763800030000-CreatePayments';
import { CreatePolicies1763800040000 } from './1763800040000-CreatePolicies';
import { LocalMailboxAttachments1763800041000 } from './1763800041000-LocalMailboxAttachments';
import { CreateMiles1763800050000 } from './1763800050000-CreateMiles';
import { CreateStatements1763800051000 } from './1763800051000-CreateStatements';
import { AddMileBudget1763800052000 } from './1763800052000-AddMileBudget';
import { DecideDisputes1763800053000 } from './1763800053000-DecideDisputes';
import { BillingDayAndRefunds1763800054000 } from './1763800054000-BillingDayAndRefunds';
import { UnusedChargesAndCardFingerprints1795601100000 } from './1795601100000-UnusedChargesAndCardFingerprints';
import { AnonymousDataByVisitorKey1795601400000 } from './1795601400000-AnonymousDataByVisitorKey';
import { SeedRateTable202611251795601650000 } from './1795601650000-SeedRateTable20261125';
import { SeedRateTable20261125b1795601700000 } from './1795601700000-SeedRateTable20261125b';
import { SeedRateTable20261125c1795601750000 } from './1795601750000-SeedRateTable20261125c';
import { CreatePolicyChanges1795602000000 } from './1795602000000-CreatePolicyChanges';
import { CreateClaims1795632181000 } from './1795632181000-CreateClaims';
import { AdminScreensIndexes1795632400878 } from './1795632400878-AdminScreensIndexes';
import { CarNumbers1795643896955 } from './1795643896955-CarNumbers';
import { OnePricedChange1795700000000 } from './1795700000000-OnePricedChange';
import { VinFlags1795710000000 } from './1795710000000-VinFlags';
import { StripPhotoMetadata1795720000000 } from './1795720000000-StripPhotoMetadata';
import { PolicyTransactions1795730000000 } from './1795730000000-PolicyTransactions';
import { PolicyCancellations1795740000000 } from './1795740000000-PolicyCancellations';
import { CoverageRejections1795760000000 } from './1795760000000-CoverageRejections';
import { NonPaymentCancellations1795770000000 } from './1795770000000-NonPaymentCancellations';
import { SeedRateTable202611271795780000000 } from './1795780000000-SeedRateTable20261127';
import { AuditChanges1795790000000 } from './1795790000000-AuditChanges';
import { ProofLinks1795800000000 } from './1795800000000-ProofLinks';
import { TripFlags1795810000000 } from './1795810000000-TripFlags';
import { LocationChoices1795815000000 } from './1795815000000-LocationChoices';
import { PrivacyRequests1795820000000 } from './1795820000000-PrivacyRequests';
import { Household1795830000000 } from './1795830000000-Household';
import { ClaimMessages1795840000000 } from './1795840000000-ClaimMessages';
import { DataExports1795850000000 } from './1795850000000-DataExports';
import { AccountDeletionLinks1795860000000 } from './1795860000000-AccountDeletionLinks';
import { PageDataVersions1795880000000 } from './1795880000000-PageDataVersions';
import { SessionChangeNotices1795890000000 } from './1795890000000-SessionChangeNotices';

/** Every migration, oldest first: listed, not globbed, so ts (tests) and js (build) load the same set. */
export const MIGRATIONS = [
  CreateSessionTable1763800000000,
  CreateUsers1763800001000,
  CreateSignInTables1763800002000,
  CreateLocalMailbox1763800003000,
  CreateStaffTables1763800004000,
  CreateConsentRecords1763800010000,
  CreateAnalyticsEvents1763800011000,
  CreateFeatureFlags1763800012000,
  CreateQuotes1763800020000,
  SeedRateTable202611011763800021000,
  CreatePayments1763800030000,
  CreatePolicies1763800040000,
  LocalMailboxAttachments1763800041000,
  CreateMiles1763800050000,
  CreateStatements1763800051000,
  AddMileBudget1763800052000,
  DecideDisputes1763800053000,
  BillingDayAndRefunds1763800054000,
  UnusedChargesAndCardFingerprints1795601100000,
  AnonymousDataByVisitorKey1795601400000,
  SeedRateTable202611251795601650000,
  SeedRateTable20261125b1795601700000,
  SeedRateTable20261125c1795601750000,
  AdminScreensIndexes1795632400878,

  CreateClaims1795632181000,

  CreatePolicyChanges1795602000000,

  CarNumbers1795643896955,

  OnePricedChange1795700000000,

  VinFlags1795710000000,

  StripPhotoMetadata1795720000000,

  PolicyTransactions1795730000000,
  PolicyCancellations1795740000000,
  CoverageRejections1795760000000,
  NonPaymentCancellations1795770000000,
  SeedRateTable202611271795780000000,
  AuditChanges1795790000000,
  ProofLinks1795800000000,
  TripFlags1795810000000,
  LocationChoices1795815000000,
  PrivacyRequests1795820000000,
  Household1795830000000,
  ClaimMessages1795840000000,
  DataExports1795850000000,
  AccountDeletionLinks1795860000000,
  PageDataVersions1795880000000,
  SessionChangeNotices1795890000000,
];
