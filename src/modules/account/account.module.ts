import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { UsersModule } from '../users';
import { AccountController } from './account.controller';

@Module({ imports: [AuditModule, UsersModule], controllers: [AccountController] })
export class AccountModule {}
