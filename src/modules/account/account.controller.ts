import { Body, Controller, Get, Put, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { SignedIn, SignedInGuard } from '../auth';
import { AuditOnBehalf } from '../on-behalf';
import { UsersService } from '../users';
import { UpdateAccountDto } from './account.dto';
import type { Locale } from '../../shared/locale';
import type { SignedInActor } from '../session';
import type { UserEntity } from '../users';

export interface AccountView {
  email: string;
  name: string | null;
  preferredLocale: Locale;
}

export const accountView = (user: UserEntity): AccountView => ({ email: user.email, name: user.name, preferredLocale: user.locale });

/** The signed-in customer's account (staff acting for them see and change the same, audited). */
@ApiTags('account')
@UseGuards(SignedInGuard)
@Controller('api/account')
export class AccountController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @AuditOnBehalf('account.read')
  @ApiOkResponse({ description: 'E-mail, name and the language we write in.' })
  async get(@SignedIn() actor: SignedInActor): Promise<AccountView> {
    return accountView((await this.users.findById(actor.userId))!);
  }

  @Put()
  @AuditOnBehalf('account.update')
  @ApiOkResponse({ description: 'The account after the change. The e-mail cannot be changed here.' })
  async update(@Body() body: UpdateAccountDto, @SignedIn() actor: SignedInActor): Promise<AccountView> {
    // null (like blank) clears the name; IsOptional lets it through, so it must not reach trim().
    const name = body.name === undefined ? undefined : body.name?.trim() || null;
    const user = await this.users.updateProfile(actor.userId, { name, locale: body.preferredLocale });
    return accountView(user);
  }
}
