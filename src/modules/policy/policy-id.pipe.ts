import { Injectable, PipeTransform } from '@nestjs/common';
import { PolicyErrorCode, PolicyException } from './policy.exception';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A policy id that cannot exist is simply not found (404), like one that is not yours. */
@Injectable()
export class PolicyIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!UUID.test(value)) throw new PolicyException(PolicyErrorCode.NotFound);
    return value.toLowerCase();
  }
}
