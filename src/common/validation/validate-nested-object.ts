import { applyDecorators } from '@nestjs/common';
import { IsObject, ValidateNested, type ValidationOptions } from 'class-validator';

/**
 * ValidateNested that also asks for an object (each item's, with `each`). Bare ValidateNested
 * takes an array where the object goes and checks none of the DTO's fields in it — so
 * `{"logs":[[]]}` reached the service with no message and answered 500. Use this on every
 * nested DTO.
 */
export function ValidateNestedObject(options: ValidationOptions = {}): PropertyDecorator {
  return applyDecorators(IsObject({ each: options.each }), ValidateNested(options));
}
