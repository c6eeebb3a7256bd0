import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { PageDataModule } from '../ssr';
import { UsersModule } from '../users';
import { AccountPageData } from './account-page-data';
import { AccountController } from './account.controller';

@Module({ imports: [AuditModule, PageDataModule, UsersModule], controllers: [AccountController], providers: [AccountPageData] })
export class AccountModule {}
