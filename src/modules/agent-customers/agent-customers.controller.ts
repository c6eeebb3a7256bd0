import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { NotCustomerRead } from '../../common/http/on-behalf-marks.decorator';
import { SignedIn, StaffGuard } from '../auth';
import { CustomersQueryDto } from './agent-customers.dto';
import { AgentCustomersService } from './agent-customers.service';
import type { AgentCustomerPage } from '../../shared/admin/admin-model';
import type { SignedInActor } from '../session';

/** The agent screen's customers, their policies and what waits for their confirmation. */
@ApiTags('agent')
@UseGuards(StaffGuard)
@NotCustomerRead("the staff member's own list of customers within reach, not this customer's data read for them")
@Controller('api/agent/customers')
export class AgentCustomersController {
  constructor(private readonly customers: AgentCustomersService) {}

  @Get()
  @ApiOkResponse({
    description:
      "An agent's customers (served, sold or quoted for) with the policies the agent sold; an admin's: every customer, every policy, and the serving agent (seller). 25 a page.",
  })
  @ApiForbiddenResponse({ description: 'Not staff.' })
  page(@Query() query: CustomersQueryDto, @SignedIn() actor: SignedInActor): Promise<AgentCustomerPage> {
    return this.customers.page(actor, query.search, query.page);
  }
}
