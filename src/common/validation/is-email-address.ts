import { applyDecorators } from '@nestjs/common';
import { IsEmail, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

/** An e-mail address as every form of ours takes it: present, 254 characters at most, one line. */
export function IsEmailAddress(): PropertyDecorator {
  // Listed last-rule-first: class-validator reports the rule written first (the type).
  return applyDecorators(
    IsEmail({ allow_display_name: false, require_tld: true }, { message: 'That e-mail address is not valid.' }),
    Matches(/^[^\r\n]*$/, { message: 'That e-mail address is not valid.' }),
    MaxLength(254, { message: 'That e-mail address is too long.' }),
    IsNotEmpty({ message: 'Enter your e-mail address.' }),
    IsString({ message: 'Enter your e-mail address.' }),
  );
}
