import { Injectable } from '@nestjs/common';
import { UserEntity, type Role } from './user.entity';
import { UserRepository, type DeactivatedStaff } from './user.repository';
import type { Locale } from '../../shared/locale';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * What other modules may do with accounts: the users table's one writer stays UserRepository,
 * and every other module comes through here. Writes that are part of another module's
 * transaction take its EntityManager.
 */
@Injectable()
export class UsersService {
  constructor(private readonly users: UserRepository) {}

  /** For tools and classes built outside Nest (scripts/staff.ts): the service over a connection. */
  static over(dataSource: DataSource): UsersService {
    return new UsersService(new UserRepository(dataSource.getRepository(UserEntity)));
  }

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findById(id);
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findByEmail(email);
  }

  findOrCreateCustomer(email: string, locale: Locale): Promise<UserEntity> {
    return this.users.findOrCreateCustomer(email, locale);
  }

  assignProducerIfNone(id: string, producerId: string, manager: EntityManager): Promise<void> {
    return this.users.assignProducerIfNone(id, producerId, manager);
  }

  nameIfNone(id: string, name: string, manager: EntityManager): Promise<void> {
    return this.users.nameIfNone(id, name, manager);
  }

  recordSignIn(id: string, at: Date): Promise<void> {
    return this.users.recordSignIn(id, at);
  }

  updateProfile(id: string, change: { name?: string | null; locale?: Locale }): Promise<UserEntity> {
    return this.users.updateProfile(id, change);
  }

  upsertAgent(agent: { email: string; name: string; producerId: string }, manager: EntityManager): Promise<{ id: string }> {
    return this.users.upsertAgent(agent, manager);
  }

  setProducerId(id: string, producerId: string, manager: EntityManager): Promise<void> {
    return this.users.setProducerId(id, producerId, manager);
  }

  upsertAdmin(admin: { email: string; name: string }, manager: EntityManager): Promise<{ id: string }> {
    return this.users.upsertAdmin(admin, manager);
  }

  deactivateStaff(email: string, manager: EntityManager): Promise<DeactivatedStaff | undefined> {
    return this.users.deactivateStaff(email, manager);
  }

  upsert(user: { email: string; name?: string; role: Role; producerId?: string; locale?: Locale }): Promise<UserEntity> {
    return this.users.upsert(user);
  }
}
