import 'reflect-metadata';
import { plainToInstance, Type } from 'class-transformer';
import { IsInt, IsString, Max, MetadataStorage, validateSync, ValidateNested } from 'class-validator';
import { keepValidationRules } from './validation-rules-cache';

class Car {
  @IsInt() @Max(2030) year!: number;
}
class Driver {
  @IsString() name!: string;
}
class Household {
  @ValidateNested() @Type(() => Car) car!: Car;
  @ValidateNested() @Type(() => Driver) driver!: Driver;
}
class Teen extends Driver {
  @IsInt() @Max(19) age!: number;
}

const problems = (body: object, type: new () => object = Household) =>
  validateSync(plainToInstance(type, body), { whitelist: true, forbidNonWhitelisted: true }).map((e) => JSON.stringify(e));

describe(keepValidationRules.name, () => {
  const bodies = [
    { car: { year: 2019 }, driver: { name: 'Ana' } },
    { car: { year: 2099 }, driver: { name: 7 } },
    { car: { year: 2019, colour: 'red' }, driver: { name: 'Ana' } },
    {},
  ];

  it('answers every validation as class-validator does without it, nested and inherited rules included', () => {
    const before = bodies.map((body) => problems(body));
    const teenBefore = problems({ name: 'Leo', age: 25 }, Teen);
    keepValidationRules();
    expect(bodies.map((body) => problems(body))).toEqual(before);
    expect(bodies.map((body) => problems(body))).toEqual(before);
    expect(problems({ name: 'Leo', age: 25 }, Teen)).toEqual(teenBefore);
    expect(teenBefore.join()).toContain('max');
  });

  it('forgets what it kept when a rule is added, so a class decorated later is checked by all its rules', () => {
    keepValidationRules();
    class Late {
      @IsString() name!: string;
    }
    expect(problems({ name: 3 }, Late)).toHaveLength(1);
    IsInt()(Late.prototype, 'age');
    expect(problems({ name: 'x', age: 'old' }, Late)).toHaveLength(1);
    expect(problems({ name: 'x', age: 3 }, Late)).toEqual([]);
  });

  it('is installed once, however often it is called', () => {
    const storage = new MetadataStorage();
    keepValidationRules(storage);
    const installed = storage.getTargetValidationMetadatas;
    keepValidationRules(storage);
    expect(storage.getTargetValidationMetadatas).toBe(installed);
  });
});
