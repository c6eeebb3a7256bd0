import { Type, plainToInstance } from 'class-transformer';
import { IsInt, IsString, Max, Min, ValidateNested, validateSync } from 'class-validator';
import { fieldsOf, InvalidInputException } from './invalid-input';

class Inner {
  @IsString({ message: 'make must be text.' }) make!: string;
}
class Outer {
  @IsInt({ message: 'miles must be a whole number.' }) @Min(0) @Max(10) miles!: number;
  @ValidateNested() @Type(() => Inner) vehicle!: Inner;
  @ValidateNested({ each: true }) @Type(() => Inner) list!: Inner[];
}

describe(InvalidInputException.name, () => {
  it('names every bad field by its path, nested objects and list items included', () => {
    const errors = validateSync(plainToInstance(Outer, { miles: 'x', vehicle: { make: 3 }, list: [{ make: 'ok' }, { make: 1 }] }));
    expect(fieldsOf(errors)).toEqual({ miles: 'miles must be a whole number.', 'vehicle.make': 'make must be text.', 'list.1.make': 'make must be text.' });
  });

  it('answers 400 INVALID_INPUT with the fields, and a message that reads on its own', () => {
    const sut = new InvalidInputException({ zip: 'Enter a 5-digit ZIP code.' });
    expect(sut.status).toBe(400);
    expect(sut.code).toBe('INVALID_INPUT');
    expect(sut.message).toBe('Enter a 5-digit ZIP code.');
    expect(new InvalidInputException({ a: 'A is wrong.', b: 'B is wrong.' }).message).toBe('2 fields need attention: A is wrong. B is wrong.');
  });
});
