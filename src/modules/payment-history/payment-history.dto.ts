import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { HISTORY_MAX_PAGE_SIZE, HISTORY_PAGE_SIZE } from '../../shared/payment/payment-history-model';

/** GET /api/payment-history?cursor&limit */
export class PaymentHistoryQueryDto {
  @ApiPropertyOptional({ description: 'The `next` of the page before; none for the newest page.' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  cursor?: string;

  @ApiPropertyOptional({ example: HISTORY_PAGE_SIZE, description: `Entries on the page, 1 to ${HISTORY_MAX_PAGE_SIZE} (${HISTORY_PAGE_SIZE} if not given).` })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: `limit must be a whole number from 1 to ${HISTORY_MAX_PAGE_SIZE}.` })
  @Min(1, { message: `limit must be a whole number from 1 to ${HISTORY_MAX_PAGE_SIZE}.` })
  @Max(HISTORY_MAX_PAGE_SIZE, { message: `limit must be a whole number from 1 to ${HISTORY_MAX_PAGE_SIZE}.` })
  limit?: number;
}
