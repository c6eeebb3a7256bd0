import { emailProblem } from './email-address';

describe(emailProblem.name, () => {
  it.each(['jane@example.com', ' jane.doe+car@sub.example.org ', 'a@b.co'])('accepts %p', (value) => {
    expect(emailProblem(value)).toBeUndefined();
  });

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['jane', 'invalid'],
    ['jane@example', 'invalid'],
    ['jane doe@example.com', 'invalid'],
    ['jane@example.com\nBcc: x@y.z', 'invalid'],
    [`${'a'.repeat(250)}@example.com`, 'tooLong'],
  ])('finds %p %s', (value, problem) => {
    expect(emailProblem(value)).toBe(problem);
  });
});
