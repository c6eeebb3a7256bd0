import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Locale } from '../../shared/locale';

export type Role = 'customer' | 'agent' | 'admin';

@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text', nullable: true })
  name!: string | null;

  @Column({ type: 'text' })
  role!: Role;

  @Column({ name: 'producer_id', type: 'text', nullable: true })
  producerId!: string | null;

  @Column({ type: 'text' })
  locale!: Locale;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'last_sign_in_at', type: 'timestamptz', nullable: true })
  lastSignInAt!: Date | null;

  /** A deactivated staff account cannot sign in as staff. */
  @Column({ type: 'boolean' })
  active!: boolean;

  /** The agent who serves this customer; set when an agent first buys for them. */
  @Column({ name: 'served_by_producer_id', type: 'text', nullable: true })
  servedByProducerId!: string | null;
}

/** The TypeORM entities of the users module, for a connection built outside Nest (a command-line tool, `connectForTools`). */
export const USER_ENTITIES = [UserEntity];
