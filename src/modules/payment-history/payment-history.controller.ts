import { Controller, Get, Param, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { sendDownload } from '../../common/http/send-download';
import { exactLocale } from '../../shared/locale';
import { HISTORY_PAGE_SIZE, type PaymentHistoryPage } from '../../shared/payment/payment-history-model';
import { SignedIn, SignedInGuard } from '../auth';
import { AuditOnBehalf } from '../on-behalf';
import { PaymentHistoryQueryDto } from './payment-history.dto';
import { PaymentHistoryService } from './payment-history.service';
import type { SignedInActor } from '../session';
import type { Response } from 'express';

/** The customer's payments, refunds and failed attempts, and a receipt for each paid one. */
@ApiTags('payments')
@UseGuards(SignedInGuard)
@Controller('api/payment-history')
export class PaymentHistoryController {
  constructor(private readonly history: PaymentHistoryService) {}

  @Get()
  @AuditOnBehalf('payments.history')
  @ApiOkResponse({ description: 'Newest first: charges (succeeded, failed, pending) and refunds, with `next` for the older page or null.' })
  @ApiBadRequestResponse({ description: 'INVALID_INPUT (limit), HISTORY_CURSOR_INVALID (a cursor we did not make).' })
  async list(@Query() query: PaymentHistoryQueryDto, @SignedIn() actor: SignedInActor): Promise<PaymentHistoryPage> {
    return this.history.page(actor, query.cursor, query.limit ?? HISTORY_PAGE_SIZE);
  }

  @Get(':entryId/receipt.pdf')
  @ApiOkResponse({ description: "The receipt (application/pdf) of a paid charge or a refund, in the customer's language or ?locale=en-US|es." })
  @ApiNotFoundResponse({ description: "RECEIPT_NOT_FOUND: no such entry, a failed one, or someone else's." })
  async receipt(
    @Param('entryId') entryId: string,
    @Query('locale') locale: string | undefined,
    @SignedIn() actor: SignedInActor,
    @Res() res: Response,
  ): Promise<void> {
    const { pdf, fileName } = await this.history.receipt(actor, entryId, exactLocale(locale));
    sendDownload(res, { body: pdf, type: 'application/pdf', fileName });
  }
}
