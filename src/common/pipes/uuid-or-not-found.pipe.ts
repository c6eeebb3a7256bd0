import { Injectable, type PipeTransform, type Type } from '@nestjs/common';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A pipe for an id in the path: one that cannot exist is simply not found, like one that is not
 * the caller's (the feature's own 404), so a probe learns nothing from the difference.
 */
export function uuidOrNotFound(notFound: () => Error): Type<PipeTransform<string, string>> {
  @Injectable()
  class UuidOrNotFoundPipe implements PipeTransform<string, string> {
    transform(value: string): string {
      if (!UUID.test(value)) throw notFound();
      return value.toLowerCase();
    }
  }
  return UuidOrNotFoundPipe;
}
