import { Controller, Get, Req, UseGuards } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { StaffGuard } from '../auth/staff.guard';
import type { FlaggedReadingRow, OpenDisputeRow } from './miles.repository';
import { MilesService } from './miles.service';

/** Miles that need a person: readings flagged as implausible and disputed days (an agent's own sales, an admin's all). */
@ApiTags('agent')
@UseGuards(StaffGuard)
@Controller('api/agent/miles')
export class StaffMilesController {
  constructor(private readonly miles: MilesService) {}

  @Get('review')
  @ApiOkResponse({ description: 'Flagged odometer readings and open disputes, newest first, each with its policy number and customer.' })
  @ApiForbiddenResponse({ description: 'Not staff.' })
  async review(@Req() req: Request): Promise<{ success: true; payload: { flaggedReadings: FlaggedReadingRow[]; openDisputes: OpenDisputeRow[] } }> {
    return { success: true, payload: await this.miles.review(req) };
  }
}
