import { Controller, Get, HttpCode, Param, Post, Res, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { sendDownload } from '../../common/http/send-download';
import { uuidOrNotFound } from '../../common/pipes/uuid-or-not-found.pipe';
import { SignedIn, SignedInGuard } from '../auth';
import { AuditOnBehalf } from '../on-behalf';
import { DataExportErrorCode, DataExportException } from './data-export.exception';
import { DataExportService } from './data-export.service';
import type { DataExportState } from '../../shared/privacy/data-export-model';
import type { SignedInActor } from '../session';
import type { Response } from 'express';

/** An id that cannot exist is a copy that is not there (404), like another customer's. */
const ExportIdPipe = uuidOrNotFound(() => new DataExportException(DataExportErrorCode.NotFound));

/**
 * Issue 27: "download my data" for the signed-in customer (or staff acting for them: the request
 * is audited as privacy.request.open with the staff member's identity; a file downloaded for them
 * as data-export.download).
 */
@ApiTags('account')
@UseGuards(SignedInGuard)
@Controller('api/account/data-export')
export class DataExportController {
  constructor(private readonly exports: DataExportService) {}

  @Post()
  @HttpCode(202)
  @ApiAcceptedResponse({
    description: 'The copy is being prepared (an access request is open; an e-mail says when it is ready). Asked again while open: the same request.',
  })
  @ApiTooManyRequestsResponse({ description: 'DATA_EXPORTS_TOO_MANY: 2 copies in the last 12 months already.' })
  request(@SignedIn() actor: SignedInActor): Promise<DataExportState> {
    return this.exports.request(actor);
  }

  @Get()
  @AuditOnBehalf('data-export.read')
  @ApiOkResponse({ description: "The copy's state (none, preparing, ready until a date), how many more may be asked, and the customer's privacy requests." })
  state(@SignedIn() actor: SignedInActor): Promise<DataExportState> {
    return this.exports.state(actor.userId);
  }

  @Get(':exportId/data.json')
  @AuditOnBehalf('data-export.download')
  @ApiOkResponse({ description: 'The complete copy as JSON (format meterly-data-export, version 1), for its signed-in owner.' })
  @ApiNotFoundResponse({ description: "DATA_EXPORT_NOT_FOUND: expired, someone else's, or none." })
  async json(@Param('exportId', ExportIdPipe) id: string, @SignedIn() actor: SignedInActor, @Res() res: Response): Promise<void> {
    sendDownload(res, await this.exports.file(actor, id, 'json'));
  }

  @Get(':exportId/data.zip')
  @AuditOnBehalf('data-export.download')
  @ApiOkResponse({ description: 'The JSON, the PDF and every photo the JSON lists (photos/<kind>-<id>.<type>) in one ZIP, for its signed-in owner.' })
  @ApiNotFoundResponse({ description: "DATA_EXPORT_NOT_FOUND: expired, someone else's, or none." })
  async zip(@Param('exportId', ExportIdPipe) id: string, @SignedIn() actor: SignedInActor, @Res() res: Response): Promise<void> {
    sendDownload(res, await this.exports.file(actor, id, 'zip'));
  }

  @Get(':exportId/data.pdf')
  @AuditOnBehalf('data-export.download')
  @ApiOkResponse({ description: "The copy summed up as a PDF in the customer's language, for its signed-in owner." })
  @ApiNotFoundResponse({ description: "DATA_EXPORT_NOT_FOUND: expired, someone else's, or none." })
  async pdf(@Param('exportId', ExportIdPipe) id: string, @SignedIn() actor: SignedInActor, @Res() res: Response): Promise<void> {
    sendDownload(res, await this.exports.file(actor, id, 'pdf'));
  }
}
