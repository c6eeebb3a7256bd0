import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { SignedIn, StaffGuard } from '../auth';
import { sessionView } from '../session';
import { ActForCustomerDto, AgentDetailsDto, AgentLookupDto } from './agent.dto';
import { AgentService } from './agent.service';
import { OnBehalfService } from './on-behalf.service';
import type { SessionView } from '../../shared/app-state';
import type { SignedInActor } from '../session';
import type { Request } from 'express';

@ApiTags('agent')
@UseGuards(StaffGuard)
@Controller('api/agent')
export class AgentController {
  constructor(
    private readonly agents: AgentService,
    private readonly onBehalf: OnBehalfService,
  ) {}

  /** Spec §7: the agent's details, including name. */
  @Post()
  @HttpCode(200)
  @ApiOkResponse({ type: AgentDetailsDto })
  @ApiForbiddenResponse({ description: 'Not staff, or an agent asking for another agent.' })
  @ApiNotFoundResponse({ description: 'No agent with that producerId.' })
  async lookUp(@Body() body: AgentLookupDto, @SignedIn() actor: SignedInActor): Promise<AgentDetailsDto> {
    return this.agents.lookUp(actor, body.producerId);
  }

  /** Starts purchasing for a customer (found or created by e-mail). */
  @Post('on-behalf')
  @HttpCode(200)
  @ApiOkResponse({ description: "The session, now the customer's with the staff member's role." })
  @ApiConflictResponse({ description: 'Already purchasing for someone.' })
  async start(@Body() body: ActForCustomerDto, @SignedIn() actor: SignedInActor, @Req() req: Request): Promise<SessionView> {
    await this.onBehalf.start(actor, body.email);
    return sessionView(req) ?? {};
  }

  /** Stops purchasing for the customer: the session is the staff member's again. */
  @Post('on-behalf/stop')
  @HttpCode(200)
  @ApiOkResponse({ description: "The staff member's own session." })
  async stop(@SignedIn() actor: SignedInActor, @Req() req: Request): Promise<SessionView> {
    await this.onBehalf.stop(actor);
    return sessionView(req) ?? {};
  }
}
