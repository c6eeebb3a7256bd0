import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { UsersModule } from '../users/users.module';
import { AccountController } from './account.controller';

@Module({ imports: [AuditModule, UsersModule], controllers: [AccountController] })
export class AccountModule {}
