import { EventEmitter } from 'node:events';
import { Logger } from 'nestjs-pino';
import { appConfig } from '../config/app-config';
import { parseAppConfig } from '../config/parse-app-config';
import { MetricsService } from '../modules/metrics/metrics.service';
import { EstimateDoor } from '../modules/quote/estimate-door';
import { RepriceDoor } from '../modules/quote/reprice-door';
import { SessionCookie } from '../modules/session/session-cookie';
import { SessionTimeoutsMiddleware } from '../modules/session/session-timeouts.middleware';
import { SESSION_MIDDLEWARE } from '../modules/session/session.module';
import { PagePipeline } from '../modules/ssr/page-pipeline';
import { SignedInPageDoor } from '../modules/ssr/signed-in-page-door';
import { SsrService } from '../modules/ssr/ssr.service';
import { assemble, httpPipeline, type Middleware, type PipelineEntry, type Stage } from './http-pipeline';
import type { DoorHandler } from '../common/http/front-door';
import type { IncomingMessage, ServerResponse } from 'node:http';

const idle: DoorHandler = { takes: () => undefined, answer: () => undefined };

/** The real list, its parts stubbed: only its shape is looked at. */
function realList(env: Record<string, string> = {}): PipelineEntry[] {
  const providers = new Map<unknown, unknown>([
    [appConfig.KEY, parseAppConfig(env)],
    [Logger, { warn: jest.fn() }],
    [SessionCookie, { name: 'meterly.sid' }],
    [SessionTimeoutsMiddleware, { use: jest.fn() }],
    [SESSION_MIDDLEWARE, jest.fn()],
    [MetricsService, {}],
    [PagePipeline, {}],
    [SsrService, {}],
    [EstimateDoor, { door: () => idle }],
    [SignedInPageDoor, { door: () => idle }],
    [RepriceDoor, { door: () => idle }],
  ]);
  return httpPipeline(<T>(token: unknown) => providers.get(token) as T);
}

const nameOf = (entry: PipelineEntry) => ('door' in entry ? `door: ${entry.door}` : entry.name);
const stagesOf = (entries: PipelineEntry[], door: string) =>
  entries.filter((e): e is Stage => !('door' in e) && (e.doors ?? []).includes(door as never)).map((e) => e.name);

describe('the HTTP pipeline, declared once', () => {
  it('lists every stage in the order a request passes them, and where each door stands', () => {
    const entries = realList();
    expect(entries.map(nameOf)).toEqual([
      'request metrics',
      'door: page from memory',
      'metrics endpoint',
      'proxy trust check',
      'no-store by default',
      'security headers',
      'compression',
      'JSON bodies',
      'control characters',
      'static files',
      'request log',
      'forgery check',
      'door: estimate',
      'session',
      'door: signed-in page',
      'door: quote price',
      'session timeouts',
    ]);
    expect(stagesOf(entries, 'page from memory')).toEqual(['request metrics']);
    expect(stagesOf(entries, 'estimate')).toEqual([
      'request metrics',
      'no-store by default',
      'compression',
      'JSON bodies',
      'control characters',
      'forgery check',
    ]);
    expect(stagesOf(entries, 'signed-in page')).toEqual(['request metrics', 'compression', 'session']);
    expect(stagesOf(entries, 'quote price')).toEqual([
      'request metrics',
      'no-store by default',
      'compression',
      'JSON bodies',
      'control characters',
      'forgery check',
      'session',
    ]);
    expect(() => assemble(entries)).not.toThrow();
  });

  it('puts no door in front of Vite’s dev server, which serves the files in place of the static ones', () => {
    const names = realList({ VITE_DEV_SERVER: 'true', APP_ENV: 'DEVELOPMENT' }).map(nameOf);
    expect(names.filter((name) => name.startsWith('door:'))).toEqual([]);
    expect(names).toContain('Vite dev server');
    expect(names).not.toContain('static files');
  });
});

/** A request and a response as Node makes them, enough for the stages below. */
function exchange(url = '/') {
  const req = Object.assign(new EventEmitter(), { method: 'GET', url, headers: {} }) as unknown as IncomingMessage;
  const res = new EventEmitter() as unknown as ServerResponse;
  return { req, res };
}

describe('assemble', () => {
  const log: string[] = [];
  beforeEach(() => (log.length = 0));
  const stage = (name: string, runs: Stage['runs'], doors: string[] = [], fail?: Error): Stage => ({
    name,
    runs,
    doors: doors as never,
    handler: (_req, _res, next) => (log.push(name), next(fail)),
  });
  /** Runs the application's stages as Express and Nest would, in order, stopping at an error. */
  const application = (middlewares: readonly Middleware[]) => (req: IncomingMessage, res: ServerResponse) => {
    let i = 0;
    const next = (error?: unknown): void => {
      if (error) return void log.push(`application answers ${(error as Error).message}`);
      if (i === middlewares.length) return void log.push('application answers');
      middlewares[i++](req, res, next);
    };
    next();
  };
  const door = (name: string, answers: boolean): PipelineEntry => ({
    door: name as never,
    handler: {
      takes: (req) => (req.url === '/door' ? true : undefined),
      answer: (_req, _res, _taken, handOver) => (answers ? log.push(`${name} answers`) : handOver()),
    },
  });

  it('runs, for a request a door takes, the stages before it that name it and then its handler', () => {
    const pipeline = assemble([stage('a', 'express', ['d']), stage('b', 'express'), stage('c', 'nest', ['d']), door('d', true), stage('e', 'nest')]);
    const { req, res } = exchange('/door');
    const [front] = pipeline.doors(application([...pipeline.onExpress, ...pipeline.asNestMiddleware.map((m) => m.handler)]));
    expect(front(req, res)).toBe(true);
    expect(log).toEqual(['a', 'c', 'd answers']);
    expect(front(exchange('/other').req, res)).toBe(false);
  });

  it('hands over with nothing to undo: the application runs every stage once, skipping what the door ran', () => {
    const pipeline = assemble([stage('a', 'express', ['d']), stage('b', 'express'), stage('c', 'nest', ['d']), door('d', false), stage('e', 'nest')]);
    const { req, res } = exchange('/door');
    const [front] = pipeline.doors(application([...pipeline.onExpress, ...pipeline.asNestMiddleware.map((m) => m.handler)]));
    front(req, res);
    expect(log).toEqual(['a', 'c', 'b', 'e', 'application answers']);
  });

  it('keeps the error of a stage the door ran for the application to answer, without running it again', () => {
    const pipeline = assemble([stage('a', 'express', ['d']), stage('b', 'express'), stage('c', 'nest', ['d'], new Error('503')), door('d', true)]);
    const { req, res } = exchange('/door');
    const [front] = pipeline.doors(application([...pipeline.onExpress, ...pipeline.asNestMiddleware.map((m) => m.handler)]));
    front(req, res);
    expect(log).toEqual(['a', 'c', 'b', 'application answers 503']);
  });

  it('takes a stage that throws, as Express does, for a stage that failed', () => {
    const throwing: Stage = {
      name: 't',
      runs: 'express',
      doors: ['d'] as never,
      handler: () => {
        throw new Error('thrown');
      },
    };
    const pipeline = assemble([throwing, stage('b', 'express'), door('d', true)]);
    const { req, res } = exchange('/door');
    const [front] = pipeline.doors(application(pipeline.onExpress));
    front(req, res);
    expect(log).toEqual(['application answers thrown']);
  });

  it('refuses a list that could not run as written', () => {
    expect(() => assemble([stage('a', 'express'), stage('a', 'nest')])).toThrow(/twice/);
    expect(() => assemble([stage('a', 'nest'), stage('b', 'express')])).toThrow(/on Express after a stage of Nest/);
    expect(() => assemble([door('d', true), stage('a', 'express', ['d'])])).toThrow(/comes before it/);
  });
});
