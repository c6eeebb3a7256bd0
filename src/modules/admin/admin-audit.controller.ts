import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { NotCustomerRead } from '../../common/http/on-behalf-marks.decorator';
import { RawResponse } from '../../common/http/raw-response.decorator';
import { AdminGuard, SignedIn } from '../auth';
import { AdminAuditService } from './admin-audit.service';
import { AuditFilterDto, AuditQueryDto } from './admin.dto';
import type { AuditPage } from '../../shared/admin/admin-model';
import type { SignedInActor } from '../session';
import type { Response } from 'express';

/** Admins read the audit log: filtered, a page at a time, or as a CSV file. */
@ApiTags('admin')
@ApiForbiddenResponse({ description: 'Admins only.' })
@UseGuards(AdminGuard)
@NotCustomerRead('the audit log itself (its export audits itself)')
@Controller('api/admin/audit')
export class AdminAuditController {
  constructor(private readonly audit: AdminAuditService) {}

  @Get()
  @ApiOkResponse({ description: 'Staff actions, newest first, 50 a page; filtered by actor, customer, action and time.' })
  page(@Query() query: AuditQueryDto): Promise<AuditPage> {
    const { page, ...filter } = query;
    return this.audit.page(filter, page);
  }

  @Get('actions')
  @ApiOkResponse({ description: 'The actions the log holds, for the filter.' })
  actions(): Promise<string[]> {
    return this.audit.actions();
  }

  @Get('export')
  @RawResponse('a CSV file')
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: "The newest 10,000 entries the filters match, as CSV (cells that could run as formulas start with ')." })
  async export(@Query() query: AuditFilterDto, @SignedIn() actor: SignedInActor, @Res() res: Response): Promise<void> {
    const csv = await this.audit.csv(actor, query);
    res
      .status(200)
      .type('text/csv; charset=utf-8')
      .setHeader('Content-Disposition', `attachment; filename="meterly-audit-${new Date().toISOString().slice(0, 10)}.csv"`)
      .setHeader('Cache-Control', 'private, no-store')
      .send(csv);
  }
}
