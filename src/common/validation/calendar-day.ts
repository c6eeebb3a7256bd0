import { applyDecorators } from '@nestjs/common';
import { IsString, registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';
import { isCalendarDay, MAX_RANGE_DAYS } from '../../shared/dates/calendar-day';
import { daysInclusive } from '../../shared/dates/iso-day';

/**
 * The API's rules for a day or an instant that comes in, and for a range of days. What a day is
 * (and the years it lies in) is defined once, in src/shared/dates/calendar-day.
 */

/** ISO 8601 date-time with its clock named: Z or an offset (a bare "10:00" is refused). */
const INSTANT_SHAPE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/** Whether a value is an instant with its offset, on a day from MIN_DAY to MAX_DAY. */
export function isInstant(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 40) return false;
  const match = INSTANT_SHAPE.exec(value);
  if (!match || !isCalendarDay(`${match[1]}-${match[2]}-${match[3]}`)) return false;
  return Number(match[4]) < 24 && Number(match[5]) < 60 && Number(match[6] ?? 0) < 60 && !Number.isNaN(Date.parse(value));
}

/** Whether from..to are calendar days in order, at most `maxDays` of them. */
export function isDayRange(from: unknown, to: unknown, maxDays = MAX_RANGE_DAYS): boolean {
  if (!isCalendarDay(from) || !isCalendarDay(to)) return false;
  const days = daysInclusive(from, to);
  return days >= 1 && days <= maxDays;
}

/** A field that is a day: YYYY-MM-DD, a real one, within MIN_DAY..MAX_DAY. */
export function IsCalendarDay(message?: string): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isCalendarDay',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: message ?? `${String(propertyName)} must be a day written YYYY-MM-DD.` },
      validator: { validate: (value: unknown) => isCalendarDay(value) },
    });
}

/** A field that is an instant: ISO 8601 ending in Z or a UTC offset, within MIN_DAY..MAX_DAY. */
export function IsInstant(message?: string): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isInstant',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: message ?? `${String(propertyName)} must be an ISO 8601 time ending in Z or a UTC offset.` },
      validator: { validate: (value: unknown) => isInstant(value) },
    });
}

/**
 * The end of a range of days: a day, on or after the day in `fromProperty`, at most `maxDays`
 * days counted from it. Checked arithmetically, before any work is done on the range.
 */
export function IsDayRangeEnd(fromProperty: string, maxDays = MAX_RANGE_DAYS, options?: ValidationOptions): PropertyDecorator {
  const rule: PropertyDecorator = (target, propertyName) =>
    registerDecorator({
      name: 'isDayRangeEnd',
      target: target.constructor,
      propertyName: propertyName as string,
      constraints: [fromProperty, maxDays],
      options: { message: `${String(propertyName)} must be a day on or after ${fromProperty}, at most ${maxDays} days from it.`, ...options },
      validator: {
        validate: (value: unknown, args: ValidationArguments) => isDayRange((args.object as Record<string, unknown>)[fromProperty], value, maxDays),
      },
    });
  return applyDecorators(rule, IsCalendarDay(), IsString({ message: `${fromProperty} and the end of the range must be days written YYYY-MM-DD.` }));
}
