import { Controller, Get, Param, ParseUUIDPipe, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { LOCALES, type Locale } from '../../shared/locale';
import { documentTexts } from '../policy/documents/document-texts';
import { policyView } from '../policy/policy-view';
import { statementCsv, statementPdf } from './statement-documents';
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

  @Get(':statementId/:file')
  @ApiOkResponse({ description: "statement.pdf or statement.csv, in the policy's language or ?locale=en-US|es." })
  async document(
    @Param('id', PolicyIdPipe) id: string,
    @Param('statementId', new ParseUUIDPipe({ exceptionFactory: () => new PolicyException(PolicyErrorCode.NotFound) })) statementId: string,
    @Param('file') file: string,
    @Query('locale') locale: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const policy = await this.policies.findForUser(id, req.session.userId!);
    const statement = policy && (await this.billing.list(policy.id)).find((s) => s.id === statementId);
    if (!policy || !statement || !['statement.pdf', 'statement.csv'].includes(file)) throw new PolicyException(PolicyErrorCode.NotFound);
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
}
