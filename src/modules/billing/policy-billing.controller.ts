import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { exactLocale, type Locale } from '../../shared/locale';
import { SignedIn, SignedInGuard } from '../auth';
import { documentTexts } from '../documents';
import { AuditOnBehalf } from '../on-behalf';
import { auditedPolicyNumber, PoliciesService, PolicyErrorCode, PolicyException, PolicyIdPipe, policyView } from '../policy';
import { BillingDayDto, BudgetDto, ReinstateDto } from './billing.dto';
import { BillingService } from './billing.service';
import { ReinstatementService } from './reinstatement.service';
import { statementCsv, statementPdf } from './statement-documents';
import type { SignedInActor } from '../session';
import type { Response } from 'express';

/** GET /api/policies/:id/statements's answer: the statements as the profile lists them. */
export function statementViews(rows: Awaited<ReturnType<BillingService['statementsWithMaximum']>>) {
  return rows.map(({ id, periodStart, periodEnd, lines, totalCents, maximumCents, status, paidAt, refundedAt }) => ({
    id,
    from: periodStart,
    to: periodEnd,
    lines,
    totalCents,
    maximumCents,
    status,
    paidAt,
    refundedAt,
  }));
}

/** A policy's billing for its owner (and staff acting for them): statements, every line, this period so far, the budget. */
@ApiTags('billing')
@UseGuards(SignedInGuard)
@Controller('api/policies/:id')
export class PolicyBillingController {
  constructor(
    private readonly billing: BillingService,
    private readonly policies: PoliciesService,
    private readonly reinstatement: ReinstatementService,
  ) {}

  @Get('statements')
  @AuditOnBehalf('billing.statements')
  @ApiOkResponse({
    description:
      'Newest first, each with its period, line items, total, status and maximumCents: the most its period could cost (base rate and each car at 250 miles a day).',
  })
  async list(@Param('id', PolicyIdPipe) id: string, @SignedIn() actor: SignedInActor) {
    return statementViews(await this.billing.statementsWithMaximum(await this.owned(actor, id)));
  }

  @Get('statements/:statementId/:file')
  @AuditOnBehalf('billing.statement')
  @ApiOkResponse({ description: "statement.pdf or statement.csv, in the policy's language or ?locale=en-US|es." })
  async document(
    @Param('id', PolicyIdPipe) id: string,
    @Param('statementId', PolicyIdPipe) statementId: string,
    @Param('file') file: string,
    @Query('locale') locale: string | undefined,
    @SignedIn() actor: SignedInActor,
    @Res() res: Response,
  ): Promise<void> {
    const policy = await this.owned(actor, id);
    const statement = (await this.billing.statementsWithMaximum(policy)).find((s) => s.id === statementId);
    if (!statement || !['statement.pdf', 'statement.csv'].includes(file)) throw new PolicyException(PolicyErrorCode.NotFound);
    const language: Locale = exactLocale(locale) ?? policy.locale;
    const input = { policy: policyView(policy), statement, locale: language };
    const name = `${documentTexts(language)('statement.file')}-${policy.number}-${statement.periodStart}`;
    res.setHeader('Cache-Control', 'private, no-store');
    if (file === 'statement.csv') {
      res.status(200).type('text/csv; charset=utf-8').setHeader('Content-Disposition', `attachment; filename="${name}.csv"`).send(statementCsv(input));
      return;
    }
    res
      .status(200)
      .type('application/pdf')
      .setHeader('Content-Disposition', `attachment; filename="${name}.pdf"`)
      .send(await statementPdf(input));
  }

  @Get('billing')
  @AuditOnBehalf('billing.read')
  @ApiOkResponse({
    description:
      "This period: billable miles and the bill so far with its lines (billLines: the base rate paid ahead and what the period's statement will bill for it, each stretch's miles at the rates then in force, each policy change's difference), the stretches a policy change cut the period into with their cars, the forecast priced the same way, the customer's mileage budget.",
  })
  async summary(@Param('id', PolicyIdPipe) id: string, @SignedIn() actor: SignedInActor) {
    return this.billing.summary(await this.owned(actor, id));
  }

  @Put('billing/budget')
  @AuditOnBehalf('billing.budget', async (context) => `${await auditedPolicyNumber(context)}: ${(context.body.miles as number | null | undefined) ?? 'none'}`)
  @ApiOkResponse({ description: 'The summary with the new budget; null removes it. We e-mail once a period at 80 % of it.' })
  async budget(@Param('id', PolicyIdPipe) id: string, @Body() body: BudgetDto, @SignedIn() actor: SignedInActor) {
    return this.billing.setBudget(await this.policies.actOn(actor, id, 'change'), body.miles);
  }

  @Put('billing/day')
  @AuditOnBehalf('billing.day', async (context) => `${await auditedPolicyNumber(context)}: day ${String(context.body.day)}`)
  @ApiOkResponse({
    description:
      'The summary under the new billing day: the period running now keeps its end; the next runs to the chosen day, its base rate prorated. 409 POLICY_NOT_ACTIVE unless active.',
  })
  async billingDay(@Param('id', PolicyIdPipe) id: string, @Body() body: BillingDayDto, @SignedIn() actor: SignedInActor) {
    return this.billing.setBillingDay(await this.policies.actOn(actor, id, 'change'), body.day);
  }

  @Post('billing/pay')
  @HttpCode(200)
  @AuditOnBehalf('billing.pay')
  @ApiOkResponse({
    description:
      'Charges every statement whose charge failed to the current card now (issue 26); paid in full, a notice of cancellation for non-payment is withdrawn. Answers what is still owed (balanceCents).',
  })
  async pay(@Param('id', PolicyIdPipe) id: string, @SignedIn() actor: SignedInActor) {
    return this.billing.payBalance(await this.policies.actOn(actor, id, 'pay'));
  }

  @Get('reinstatement')
  @AuditOnBehalf('billing.reinstatement.read')
  @ApiOkResponse({
    description:
      'The reinstatement offer standing today (issue 26), or offer null: a policy cancelled for non-payment, within 14 days of its last covered day: coverEndedOn, lastDay, amountCents owed.',
  })
  async reinstatementOffer(@Param('id', PolicyIdPipe) id: string, @SignedIn() actor: SignedInActor) {
    return { offer: (await this.reinstatement.offer(await this.owned(actor, id))) ?? null };
  }

  @Post('reinstatement')
  @HttpCode(200)
  @AuditOnBehalf('policy.reinstate')
  @ApiOkResponse({
    description:
      'Charges what is owed and reinstates the policy from now, with the no-loss statement (issue 26): the policy. 409 REINSTATEMENT_NOT_OFFERED (extra.lastDay once the window has closed), 400 NO_LOSS_STATEMENT_REQUIRED, 402 REINSTATEMENT_UNPAID (extra.balanceCents), 409 REINSTATEMENT_IN_PROGRESS (another window is paying): nothing reinstated.',
  })
  async reinstate(@Param('id', PolicyIdPipe) id: string, @Body() body: ReinstateDto, @SignedIn() actor: SignedInActor) {
    return policyView(await this.reinstatement.reinstate(actor, await this.policies.actOn(actor, id, 'change'), body.noLossStatement));
  }

  private owned(actor: SignedInActor, id: string) {
    return this.policies.owned(actor, id);
  }
}
