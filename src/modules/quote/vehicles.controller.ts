import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { NotCustomerRead } from '../../common/http/on-behalf-marks.decorator';
import { VehicleQueryDto } from './quote.dto';
import { makesFor, modelsFor } from './vehicles/vehicle-catalog';

/** The bundled catalog of cars, for the quote's year → make → model pickers. */
@ApiTags('vehicles')
@NotCustomerRead('the car catalogue, no customer data')
@Controller('api/vehicles')
export class VehiclesController {
  @Get('makes')
  @ApiOkResponse({ description: 'The makes sold in that model year, A to Z.' })
  makes(@Query() query: VehicleQueryDto): string[] {
    return makesFor(query.year);
  }

  @Get('models')
  @ApiOkResponse({ description: 'The models of that make in that year, with their body type.' })
  models(@Query() query: VehicleQueryDto): { model: string; bodyType: string }[] {
    return query.make ? modelsFor(query.year, query.make) : [];
  }
}
