import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

const CAR_MESSAGE = "vehicleIndex must be the index of one of the policy's cars, or null for every car.";

/** POST /api/policies/:id/proof-links */
export class CreateProofLinkDto {
  @ApiPropertyOptional({ example: 0, nullable: true, description: 'The car the link shows (its vehicleIndex); null or left out: every car of the policy.' })
  @IsOptional()
  @IsInt({ message: CAR_MESSAGE })
  @Min(0, { message: CAR_MESSAGE })
  @Max(99, { message: CAR_MESSAGE })
  vehicleIndex?: number | null;
}
