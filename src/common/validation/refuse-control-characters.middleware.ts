import { parse as parseQuery } from 'node:querystring';
import { InvalidInputException } from '../errors/invalid-input';
import { controlCharacterAt } from './control-characters';
import type { IncomingMessage, ServerResponse } from 'node:http';

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
 * A stage of the HTTP pipeline (src/bootstrap/http-pipeline.ts) that the estimate's door runs too:
 * it reads the path and the query from the URL as Express does (its "simple" query parser), so
 * the bare Node request is checked the same.
 */
export function refuseControlCharacters() {
  return (req: IncomingMessage & { body?: unknown }, _res: ServerResponse, next: (error?: unknown) => void): void => {
    const url = req.url ?? '/';
    const mark = url.indexOf('?');
    const rawPath = mark === -1 ? url : url.slice(0, mark);
    if (!rawPath.startsWith('/api/')) return next();
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      return next(new InvalidInputException({ path: 'The address is not valid.' }));
    }
    const query = mark === -1 ? {} : parseQuery(url.slice(mark + 1));
    const found = controlCharacterAt(path) ? 'path' : (controlCharacterAt(query, 'query') ?? controlCharacterAt(req.body));
    next(found ? new InvalidInputException({ [found]: MESSAGE }) : undefined);
  };
}
