import { HttpStatus } from '@nestjs/common';
import { codedException } from '../../common/errors/coded-exception';
import { DATA_EXPORTS_PER_YEAR } from '../../shared/privacy/data-export-model';

export enum DataExportErrorCode {
  NotFound = 'DATA_EXPORT_NOT_FOUND',
  TooMany = 'DATA_EXPORTS_TOO_MANY',
}

const MESSAGES: Record<DataExportErrorCode, [string, HttpStatus]> = {
  [DataExportErrorCode.NotFound]: ['There is no such copy of your data: it expired (copies are kept 7 days), or it is not yours.', HttpStatus.NOT_FOUND],
  [DataExportErrorCode.TooMany]: [
    `A copy of your data may be asked for ${DATA_EXPORTS_PER_YEAR} times in 12 months. Call or write to us if you need another sooner.`,
    HttpStatus.TOO_MANY_REQUESTS,
  ],
};

export class DataExportException extends codedException(MESSAGES) {}
