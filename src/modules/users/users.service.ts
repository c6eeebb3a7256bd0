import { Injectable } from '@nestjs/common';
import { UserRepository, type DeactivatedStaff } from './user.repository';
import type { Locale } from '../../shared/locale';
import type { UserEntity, Role } from './user.entity';

/**
 * What other modules may do with accounts: the users table's one writer stays UserRepository,
 * and every other module comes through here. Writes that are part of another module's
 * transaction join it (the repository reads the open transaction, TransactionHost).
 */
@Injectable()
export class UsersService {
  constructor(private readonly users: UserRepository) {}

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findById(id);
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findByEmail(email);
  }

  findOrCreateCustomer(email: string, locale: Locale): Promise<UserEntity> {
    return this.users.findOrCreateCustomer(email, locale);
  }

  assignProducerIfNone(id: string, producerId: string): Promise<void> {
    return this.users.assignProducerIfNone(id, producerId);
  }

  nameIfNone(id: string, name: string): Promise<void> {
    return this.users.nameIfNone(id, name);
  }

  recordSignIn(id: string, at: Date): Promise<void> {
    return this.users.recordSignIn(id, at);
  }

  updateProfile(id: string, change: { name?: string | null; locale?: Locale }): Promise<UserEntity> {
    return this.users.updateProfile(id, change);
  }

  upsertAgent(agent: { email: string; name: string; producerId: string }): Promise<{ id: string }> {
    return this.users.upsertAgent(agent);
  }

  setProducerId(id: string, producerId: string): Promise<void> {
    return this.users.setProducerId(id, producerId);
  }

  upsertAdmin(admin: { email: string; name: string }): Promise<{ id: string }> {
    return this.users.upsertAdmin(admin);
  }

  deactivateStaff(email: string): Promise<DeactivatedStaff | undefined> {
    return this.users.deactivateStaff(email);
  }

  /** De-identifies a deleted customer's account (deleted-<id>@invalid, no name), in the caller's transaction. */
  tombstoneCustomer(id: string): Promise<{ id: string; email: string } | undefined> {
    return this.users.tombstoneCustomer(id);
  }

  upsert(user: { email: string; name?: string; role: Role; producerId?: string; locale?: Locale }): Promise<UserEntity> {
    return this.users.upsert(user);
  }
}
