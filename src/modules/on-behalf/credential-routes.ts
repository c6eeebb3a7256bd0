import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod, type INestApplication } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { MAKES_CREDENTIAL } from './on-behalf.decorators';

/**
 * Every route of the running app marked @MakesCredential, as "POST /api/auth/app-code": the
 * list the on-behalf refusal covers (its test walks it, so a marked route cannot be missed).
 */
export function credentialRoutes(app: INestApplication): string[] {
  const routes: string[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: never[]) => object) | undefined;
      if (!type?.prototype) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, type) ?? '');
      const onClass = Reflect.getMetadata(MAKES_CREDENTIAL, type) === true;
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined || !(onClass || Reflect.getMetadata(MAKES_CREDENTIAL, handler) === true)) continue;
        const paths = ([] as string[]).concat((Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined) ?? '');
        for (const path of paths) routes.push(`${RequestMethod[method]} /${[base, path].filter(Boolean).join('/')}`.replace(/\/+/g, '/'));
      }
    }
  }
  return routes.sort();
}
