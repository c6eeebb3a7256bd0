import { Injectable, type OnModuleInit } from '@nestjs/common';
import { PageDataRegistry } from '../ssr';
import { UsersService } from '../users';
import { accountView } from './account.controller';

/** My account's account panel, read on the server with the page (issue 29), as GET /api/account answers. */
@Injectable()
export class AccountPageData implements OnModuleInit {
  constructor(
    private readonly registry: PageDataRegistry,
    private readonly users: UsersService,
  ) {}

  onModuleInit(): void {
    this.registry.register('profile', async ({ actor }) => {
      const user = await this.users.findById(actor.userId);
      return user ? [[['account'], accountView(user)]] : [];
    });
  }
}
