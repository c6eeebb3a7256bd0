import { Body, Controller, Get, Param, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { LOCALES, type Locale } from '../../shared/locale';
import { documentTexts } from '../policy/documents/document-texts';
import { policyView } from '../policy/policy-view';
import { statementCsv, statementPdf } from './statement-documents';
import { SignedInGuard } from '../auth/signed-in.guard';
import { PolicyIdPipe } from '../policy/policy-id.pipe';
import { PolicyErrorCode, PolicyException } from '../policy/policy.exception';
import { PoliciesService } from '../policy/policies.service';
import { BillingDayDto, BudgetDto } from './billing.dto';
import { BillingService } from './billing.service';

/** A policy's billing for its owner (and staff acting for them): statements, every line, this period so far, the budget. */
@ApiTags('billing')
@UseGuards(SignedInGuard)
@Controller('api/policies/:id')
export class PolicyBillingController {
  constructor(
    private readonly billing: BillingService,
    private readonly policies: PoliciesService,
  ) {}

  @Get('statements')
  @ApiOkResponse({ description: 'Newest first, each with its period, line items, total and status.' })
  async list(@Param('id', PolicyIdPipe) id: string, @Req() req: Request) {
    const policy = await this.owned(req, id);
    const rows = await this.billing.list(policy.id);
    return rows.map(({ id: statementId, periodStart, periodEnd, lines, totalCents, status, paidAt, refundedAt }) => ({ id: statementId, from: periodStart, to: periodEnd, lines, totalCents, status, paidAt, refundedAt }));
  }

  @Get('statements/:statementId/:file')
  @ApiOkResponse({ description: "statement.pdf or statement.csv, in the policy's language or ?locale=en-US|es." })
  async document(
    @Param('id', PolicyIdPipe) id: string,
    @Param('statementId', PolicyIdPipe) statementId: string,
    @Param('file') file: string,
    @Query('locale') locale: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const policy = await this.owned(req, id);
    const statement = (await this.billing.list(policy.id)).find((s) => s.id === statementId);
    if (!statement || !['statement.pdf', 'statement.csv'].includes(file)) throw new PolicyException(PolicyErrorCode.NotFound);
    const language: Locale = (LOCALES as readonly string[]).includes(locale ?? '') ? (locale as Locale) : policy.locale;
    const input = { policy: policyView(policy), statement, locale: language };
    const name = `${documentTexts(language)('statement.file')}-${policy.number}-${statement.periodStart}`;
    res.setHeader('Cache-Control', 'private, no-store');
    if (file === 'statement.csv') {
      res.status(200).type('text/csv; charset=utf-8').setHeader('Content-Disposition', `attachment; filename="${name}.csv"`).send(statementCsv(input));
      return;
    }
    res.status(200).type('application/pdf').setHeader('Content-Disposition', `attachment; filename="${name}.pdf"`).send(await statementPdf(input));
  }

  @Get('billing')
  @ApiOkResponse({ description: "This period: billable miles and the bill so far, the forecast at this pace, the customer's mileage budget." })
  async summary(@Param('id', PolicyIdPipe) id: string, @Req() req: Request) {
    return this.billing.summary(await this.owned(req, id));
  }

  @Put('billing/budget')
  @ApiOkResponse({ description: 'The summary with the new budget; null removes it. We e-mail once a period at 80 % of it.' })
  async budget(@Param('id', PolicyIdPipe) id: string, @Body() body: BudgetDto, @Req() req: Request) {
    return this.billing.setBudget(req, await this.owned(req, id), body.miles);
  }

  @Put('billing/day')
  @ApiOkResponse({ description: 'The summary under the new billing day: the period running now keeps its end; the next runs to the chosen day, its base rate prorated. 409 POLICY_NOT_ACTIVE unless active.' })
  async billingDay(@Param('id', PolicyIdPipe) id: string, @Body() body: BillingDayDto, @Req() req: Request) {
    return this.billing.setBillingDay(req, await this.owned(req, id), body.day);
  }

  private owned(req: Request, id: string) {
    return this.policies.owned(req, id);
  }
}
