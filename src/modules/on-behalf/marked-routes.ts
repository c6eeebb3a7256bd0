import { RequestMethod, type INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';

/**
 * Every route of the running app whose handler (or controller) carries the metadata `key`, as
 * "POST /api/auth/app-code" → the value set there: the lists the on-behalf rules cover, walked
 * by their tests so that a marked route cannot be missed.
 */
export function markedRoutes<T>(app: INestApplication, key: string): Map<string, T> {
  const routes = new Map<string, T>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: never[]) => object) | undefined;
      if (!type?.prototype) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, type) ?? '');
      const onClass = Reflect.getMetadata(key, type) as T | undefined;
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        const value = (Reflect.getMetadata(key, handler) as T | undefined) ?? onClass;
        if (method === undefined || value === undefined) continue;
        const paths = ([] as string[]).concat((Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined) ?? '');
        for (const path of paths) routes.set(`${RequestMethod[method]} ${routePath(base, path)}`, value);
      }
    }
  }
  return routes;
}

/** "/api/session" for @Controller('api/session') and @Get() (whose path is "/"): one slash between parts, none at the end. */
function routePath(base: string, path: string): string {
  return `/${[base, path].join('/')}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
}
