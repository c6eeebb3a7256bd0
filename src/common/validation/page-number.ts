import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

const MESSAGE = 'page must be a whole number from 1 to 10000.';

/** An optional `?page=` of a paged list: a whole number from 1 to 10,000. */
export function IsPageNumber(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ description: 'Page number, from 1.', example: 1 }),
    IsOptional(),
    Type(() => Number),
    IsInt({ message: MESSAGE }),
    Min(1, { message: MESSAGE }),
    Max(10_000, { message: MESSAGE }),
  );
}
