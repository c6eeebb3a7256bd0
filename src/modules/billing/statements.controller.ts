import { Controller, Get, Param, Req, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { SignedInGuard } from '../auth/signed-in.guard';
import { PolicyIdPipe } from '../policy/policy-id.pipe';
import { PolicyErrorCode, PolicyException } from '../policy/policy.exception';
import { PolicyRepository } from '../policy/policy.repository';
import { BillingService } from './billing.service';

/** A policy's statements for its owner (and staff acting for them): every line, every cent. */
@ApiTags('billing')
@UseGuards(SignedInGuard)
@Controller('api/policies/:id/statements')
export class StatementsController {
  constructor(
    private readonly billing: BillingService,
    private readonly policies: PolicyRepository,
  ) {}

  @Get()
  @ApiOkResponse({ description: 'Newest first, each with its period, line items, total and status.' })
  async list(@Param('id', PolicyIdPipe) id: string, @Req() req: Request) {
    const policy = await this.policies.findForUser(id, req.session.userId!);
    if (!policy) throw new PolicyException(PolicyErrorCode.NotFound);
    const rows = await this.billing.list(policy.id);
    return { success: true, payload: rows.map(({ id: statementId, periodStart, periodEnd, lines, totalCents, status, paidAt }) => ({ id: statementId, from: periodStart, to: periodEnd, lines, totalCents, status, paidAt })) };
  }
}
