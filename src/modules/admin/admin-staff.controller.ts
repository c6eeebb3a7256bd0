import { Body, Controller, Get, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { NotCustomerRead } from '../../common/http/on-behalf-marks.decorator';
import { uuidOrNotFound } from '../../common/pipes/uuid-or-not-found.pipe';
import { StaffErrorCode, StaffException } from '../agent';
import { AdminGuard, SignedIn } from '../auth';
import { AdminStaffService } from './admin-staff.service';
import { AddStaffDto, StaffLicenceDto } from './admin.dto';
import type { StaffMemberView } from '../../shared/admin/admin-model';
import type { SignedInActor } from '../session';
import type { Deactivated } from './staff-deactivation';

const StaffIdPipe = uuidOrNotFound(() => new StaffException(StaffErrorCode.StaffNotFound));

/** Admins manage staff accounts: add agents and admins, deactivate them, set an agent's licence. */
@ApiTags('admin')
@ApiForbiddenResponse({ description: 'Admins only.' })
@UseGuards(AdminGuard)
@NotCustomerRead('the staff list, no customer data')
@Controller('api/admin/staff')
export class AdminStaffController {
  constructor(private readonly staff: AdminStaffService) {}

  @Get()
  @ApiOkResponse({ description: 'Every agent and admin, active or not, with an agent’s producer number and licensed states.' })
  list(): Promise<StaffMemberView[]> {
    return this.staff.list();
  }

  @Post()
  @ApiCreatedResponse({ description: 'The staff member added (or the same role again, active).' })
  @ApiConflictResponse({ description: 'STAFF_EMAIL_IS_CUSTOMER, STAFF_EMAIL_IS_OTHER_ROLE, PRODUCER_ID_TAKEN, PRODUCER_ID_IN_USE.' })
  add(@Body() body: AddStaffDto, @SignedIn() actor: SignedInActor): Promise<StaffMemberView> {
    return this.staff.add(actor, body);
  }

  @Post(':userId/deactivate')
  @HttpCode(200)
  @ApiOkResponse({ description: 'What ended with the account: sessions, sign-in codes, app devices.' })
  @ApiNotFoundResponse({ description: 'STAFF_NOT_FOUND' })
  @ApiConflictResponse({ description: 'CANNOT_DEACTIVATE_SELF' })
  deactivate(@Param('userId', StaffIdPipe) userId: string, @SignedIn() actor: SignedInActor): Promise<Deactivated> {
    return this.staff.deactivate(actor, userId);
  }

  @Put(':userId/licence')
  @ApiOkResponse({ description: 'The agent with their new licensed states and producer number.' })
  @ApiNotFoundResponse({ description: 'STAFF_NOT_FOUND' })
  @ApiConflictResponse({ description: 'NOT_AN_AGENT, PRODUCER_ID_TAKEN, PRODUCER_ID_IN_USE.' })
  setLicence(@Param('userId', StaffIdPipe) userId: string, @Body() body: StaffLicenceDto, @SignedIn() actor: SignedInActor): Promise<StaffMemberView> {
    return this.staff.setLicence(actor, userId, body);
  }
}
