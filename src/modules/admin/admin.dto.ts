import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsOptional, IsString, MaxLength } from 'class-validator';

export class AuditQueryDto {
  @ApiPropertyOptional({ description: 'Actor: a user id or e-mail.' })
  @IsOptional()
  @IsString()
  @MaxLength(254)
  actor?: string;

  @ApiPropertyOptional({ description: 'Customer: a user id or e-mail.' })
  @IsOptional()
  @IsString()
  @MaxLength(254)
  customer?: string;
}

export class SessionsQueryDto {
  @ApiPropertyOptional({ example: 'jane@example.com' })
  @IsOptional()
  @IsEmail({}, { message: 'email must be an e-mail address.' })
  email?: string;
}
