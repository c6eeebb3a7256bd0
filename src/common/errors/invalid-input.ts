import { HttpStatus } from '@nestjs/common';
import { DomainException } from './domain-exception';
import type { ValidationError } from 'class-validator';

/**
 * Input that breaks the rules of its DTO (or of a service, for checks a DTO cannot make):
 * a 400 whose `fields` names each bad field by its path (`driver.birthDate`, `incidents.0.type`)
 * with what is wrong with it (the rule written first), so a form can show the message beside the field.
 */
export class InvalidInputException extends DomainException {
  constructor(fields: Record<string, string>, extra?: unknown) {
    super('INVALID_INPUT', summarize(fields), HttpStatus.BAD_REQUEST, extra);
    this.fields = fields;
  }
}

function summarize(fields: Record<string, string>): string {
  const messages = [...new Set(Object.values(fields))];
  return messages.length === 1 ? messages[0] : `${messages.length} fields need attention: ${messages.join(' ')}`;
}

/** class-validator's tree of errors as one message per field path (the first rule broken). */
export function fieldsOf(errors: ValidationError[], prefix = ''): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const error of errors) {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    // Decorators register bottom-up, so the rule written first (usually the type) comes last.
    const first = error.constraints && Object.values(error.constraints).at(-1);
    if (first) fields[path] = first;
    if (error.children?.length) Object.assign(fields, fieldsOf(error.children, path));
  }
  return fields;
}

/** The global ValidationPipe's exceptionFactory. */
export function invalidInput(errors: ValidationError[]): InvalidInputException {
  return new InvalidInputException(fieldsOf(errors));
}
