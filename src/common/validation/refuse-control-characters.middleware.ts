import { InvalidInputException } from '../errors/invalid-input';
import { controlCharacterAt } from './control-characters';
import type { NextFunction, Request, Response } from 'express';

const MESSAGE = 'This text holds a control character (such as NUL) or a broken character that we cannot accept.';

/** The same check for a body read later, after its route's guards (bootstrap/json-bodies.ts): a 400 naming the field. */
export function refuseControlCharactersIn(body: unknown): void {
  const found = controlCharacterAt(body);
  if (found) throw new InvalidInputException({ [found]: MESSAGE });
}

/**
 * Every string the API receives, in one place: a JSON body's values and keys, the query and the
 * path. Whatever the endpoint, a NUL (or another control character) is a 400 naming the field,
 * before any DTO, service or database sees it — so a new endpoint is covered without a rule.
 */
export function refuseControlCharacters() {
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (!req.path.startsWith('/api/')) return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return next(new InvalidInputException({ path: 'The address is not valid.' }));
    }
    const found = controlCharacterAt(path) ? 'path' : (controlCharacterAt(req.query, 'query') ?? controlCharacterAt(req.body));
    next(found ? new InvalidInputException({ [found]: MESSAGE }) : undefined);
  };
}
