import { Injectable, PipeTransform } from '@nestjs/common';
import { QuoteErrorCode, QuoteException } from './quote.exception';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A quote id that cannot exist is simply not found (404), like one that is not yours. */
@Injectable()
export class QuoteIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!UUID.test(value)) throw new QuoteException(QuoteErrorCode.NotFound);
    return value.toLowerCase();
  }
}
