import { HttpStatus } from '@nestjs/common';
import { codedException } from '../../common/errors/coded-exception';

export enum AccountDeletionErrorCode {
  Blocked = 'ACCOUNT_DELETION_BLOCKED',
  Staff = 'ACCOUNT_DELETION_STAFF',
  LinkUnknown = 'ACCOUNT_DELETION_LINK_UNKNOWN',
  LinkExpired = 'ACCOUNT_DELETION_LINK_EXPIRED',
  LinkReplaced = 'ACCOUNT_DELETION_LINK_REPLACED',
  OtherAccount = 'ACCOUNT_DELETION_OTHER_ACCOUNT',
  CustomerOnly = 'ACCOUNT_DELETION_CUSTOMER_ONLY',
  TooMany = 'ACCOUNT_DELETION_TOO_MANY',
}

const MESSAGES: Record<AccountDeletionErrorCode, [string, HttpStatus]> = {
  [AccountDeletionErrorCode.Blocked]: [
    'The account cannot be deleted yet: a policy is in force, a bill is unpaid, a claim is open or a mile dispute is waiting (see extra.blockers).',
    HttpStatus.CONFLICT,
  ],
  [AccountDeletionErrorCode.Staff]: ['Staff accounts are not deleted this way: an admin deactivates them.', HttpStatus.FORBIDDEN],
  [AccountDeletionErrorCode.LinkUnknown]: [
    'There is no such deletion link: check it was copied whole, or ask for a new one on My account.',
    HttpStatus.NOT_FOUND,
  ],
  [AccountDeletionErrorCode.LinkExpired]: ['This deletion link has expired (links last 24 hours): ask for a new one on My account.', HttpStatus.GONE],
  [AccountDeletionErrorCode.LinkReplaced]: ['A newer deletion link was sent since this one: use the latest e-mail.', HttpStatus.GONE],
  [AccountDeletionErrorCode.OtherAccount]: [
    'This link is for another account than the one signed in here: sign out first, or open it where that account is signed in.',
    HttpStatus.FORBIDDEN,
  ],
  [AccountDeletionErrorCode.CustomerOnly]: ['Only the customer can confirm deleting their account, from the link e-mailed to them.', HttpStatus.FORBIDDEN],
  [AccountDeletionErrorCode.TooMany]: ['Too many deletion links asked for: wait an hour and try again.', HttpStatus.TOO_MANY_REQUESTS],
};

export class AccountDeletionException extends codedException(MESSAGES) {}
