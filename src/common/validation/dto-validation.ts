import type { ValidatorOptions } from 'class-validator';

/** How every DTO is checked: the global ValidationPipe's options, and the estimate door's (issue 17). */
export const DTO_VALIDATION: ValidatorOptions = { whitelist: true, forbidNonWhitelisted: true };
