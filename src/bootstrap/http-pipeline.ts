import path from 'node:path';
import { Injectable, Module } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import express from 'express';
import { Logger, PinoLogger } from 'nestjs-pino';
import { compressWhenAccepted } from '../common/http/compress-when-accepted';
import { applicationOf, installFrontDoor, type DoorHandler, type FrontDoor, type RequestListener } from '../common/http/front-door';
import { noStoreByDefault } from '../common/http/no-store-by-default';
import { proxyTrust } from '../common/http/proxy-trust';
import { proxyTrustCheck } from '../common/http/proxy-trust-check';
import { requestMetrics } from '../common/metrics/request-metrics';
import { csrfCheck } from '../common/security/csrf.middleware';
import { securityHeaders } from '../common/security/security-headers';
import { refuseControlCharacters } from '../common/validation/refuse-control-characters.middleware';
import { appConfig } from '../config/app-config';
import { metricsEndpoint, MetricsService } from '../modules/metrics';
import { EstimateDoor, RepriceDoor } from '../modules/quote';
import { SESSION_MIDDLEWARE, SESSION_ROUTES, SessionCookie, SessionTimeoutsMiddleware, STATELESS_API_ROUTES } from '../modules/session';
import { distDir, pageFastPath, PagePipeline, SignedInPageDoor, SsrService } from '../modules/ssr';
import { jsonBodies } from './json-bodies';
import { staticFiles } from './static-files';
import type { AppConfig } from '../config/app-config';
import type { MiddlewareConsumer, NestModule, Type } from '@nestjs/common';
import type { RouteInfo } from '@nestjs/common/interfaces';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { RequestHandler } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The doors in front of the framework (common/http/front-door.ts). */
export type DoorName = 'page from memory' | 'estimate' | 'signed-in page' | 'quote price';

type Next = (error?: unknown) => void;
/** A stage's middleware. One a door runs takes the bare Node request and response as well as Express's. */
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

/** One stage of the pipeline. */
export interface Stage {
  readonly name: string;
  /**
   * Where the application runs it: on Express in front of Nest's router ('express', configureApp),
   * or as Nest's middleware on `routes` ('nest', HttpPipelineModule), which Nest runs after the
   * request log and only for requests its router matches.
   */
  readonly runs: 'express' | 'nest';
  /** Null for the one stage a library installs itself (the request log: nestjs-pino's middleware). */
  readonly handler: Middleware | null;
  readonly routes?: { forRoutes: Array<string | RouteInfo>; exclude?: RouteInfo[] };
  /** The doors that run it, on the bare request, before their handler (each door only on its own paths, within `routes`). */
  readonly doors?: readonly DoorName[];
}

/** A door's place in the pipeline: it runs the stages before it that name it, then its handler. */
export interface Door {
  readonly door: DoorName;
  readonly handler: DoorHandler<unknown>;
}

export type PipelineEntry = Stage | Door;

const isDoor = (entry: PipelineEntry): entry is Door => 'door' in entry;

/** Several Express middlewares as one stage, in order. */
function inOrder(handlers: RequestHandler[]): Middleware {
  const all = handlers as unknown as Middleware[];
  return (req, res, next) => {
    let i = 0;
    const step: Next = (error) => (error || i === all.length ? next(error) : all[i++](req, res, step));
    step();
  };
}

const bare = (handler: RequestHandler): Middleware => handler as unknown as Middleware;

/** Resolves a provider of the application by its token, whichever module declares it. */
export type Resolve = <T>(token: string | symbol | Type<T>) => T;

/**
 * THE HTTP pipeline: every stage a request passes before a route's handler, in the order it
 * passes them, and where each door in front of the framework stands. The application runs every
 * stage (the 'express' ones before Nest's router, the 'nest' ones as Nest's middleware); a door
 * runs, on the bare Node request, the stages before it that name it, then its handler, which
 * answers or hands the request over. A stage runs at most once per request: the application
 * skips what a door ran before handing over, and the outcome stands (a door's failed session read
 * is the application's 503, without a second read), so handing over undoes nothing. A stage a
 * door runs must work on the bare request (no req.path, req.ip, res.locals, res.status).
 */
export function httpPipeline(resolve: Resolve): PipelineEntry[] {
  const config = resolve<AppConfig>(appConfig.KEY);
  const trust = proxyTrust(config.trustedProxies);
  const logger = resolve(Logger);
  const log = () => PinoLogger.root;
  const cookie = resolve(SessionCookie);
  const timeouts = resolve(SessionTimeoutsMiddleware);
  const sessionRoutes = { forRoutes: SESSION_ROUTES, exclude: STATELESS_API_ROUTES };
  const metrics = express.Router();
  metrics.get('/metrics', metricsEndpoint(resolve(MetricsService), config, trust));

  const entries: PipelineEntry[] = [
    // First, so every request is timed, under its route's pattern or its door's.
    { name: 'request metrics', runs: 'express', handler: requestMetrics(), doors: ['page from memory', 'estimate', 'signed-in page', 'quote price'] },
    // Open pages rendered already: the busiest answers, and nothing of the stages below is theirs to run.
    { door: 'page from memory', handler: pageFastPath(resolve(PagePipeline), log) as DoorHandler<unknown> },
    // Before the routes: a refused address falls through to the site's 404.
    { name: 'metrics endpoint', runs: 'express', handler: bare(metrics) },
    {
      name: 'proxy trust check',
      runs: 'express',
      handler: inOrder(proxyTrustCheck(config, trust, { warn: (message) => logger.warn(message, 'ProxyTrust') })),
    },
    { name: 'no-store by default', runs: 'express', handler: bare(noStoreByDefault()), doors: ['estimate', 'quote price'] },
    // The doors write these headers from their template, worked out once at start (security-header-template.ts).
    { name: 'security headers', runs: 'express', handler: inOrder(securityHeaders(config)) },
    { name: 'compression', runs: 'express', handler: bare(compressWhenAccepted()), doors: ['estimate', 'signed-in page', 'quote price'] },
    { name: 'JSON bodies', runs: 'express', handler: bare(jsonBodies()), doors: ['estimate', 'quote price'] },
    { name: 'control characters', runs: 'express', handler: refuseControlCharacters(), doors: ['estimate', 'quote price'] },
    config.viteDevServer
      ? { name: 'Vite dev server', runs: 'express', handler: viteDevServer(resolve(SsrService)) }
      : { name: 'static files', runs: 'express', handler: clientFiles() },
    // nestjs-pino's middleware (pino-http): Nest runs a global module's middleware before any other module's.
    { name: 'request log', runs: 'nest', handler: null },
    {
      name: 'forgery check',
      runs: 'nest',
      handler: csrfCheck(config.publicUrl, cookie.name),
      routes: { forRoutes: ['api/{*path}'] },
      doors: ['estimate', 'quote price'],
    },
    { door: 'estimate', handler: resolve(EstimateDoor).door(log) as DoorHandler<unknown> },
    { name: 'session', runs: 'nest', handler: resolve<Middleware>(SESSION_MIDDLEWARE), routes: sessionRoutes, doors: ['signed-in page', 'quote price'] },
    { door: 'signed-in page', handler: resolve(SignedInPageDoor).door(log) as DoorHandler<unknown> },
    { door: 'quote price', handler: resolve(RepriceDoor).door(log) as DoorHandler<unknown> },
    { name: 'session timeouts', runs: 'nest', handler: bare((req, res, next) => void timeouts.use(req, res, next)), routes: sessionRoutes },
  ];
  // Under Vite's dev server every page and file is Vite's: no door in front of it.
  return config.viteDevServer ? entries.filter((entry) => !isDoor(entry)) : entries;
}

/** The built client's files: hashed assets under /assets, and the few files at the root. */
function clientFiles(): Middleware {
  const [assets, rootFiles] = staticFiles(path.join(distDir(), 'client'));
  const files = express.Router();
  files.use('/assets', assets);
  files.use(rootFiles);
  return bare(files);
}

/** Vite starts with the SSR module (on init, after the pipeline is built), so it is looked up per request. */
function viteDevServer(ssr: SsrService): Middleware {
  return bare((req, res, next) => {
    const vite = ssr.viteMiddleware();
    if (vite) vite(req, res, next);
    else next();
  });
}

const RAN = Symbol('stages a door ran');
const FAILED = Symbol('stages a door ran that failed');
type Marked = IncomingMessage & { [RAN]?: number; [FAILED]?: unknown[] };

/** A stage some door runs, with its bit in the request's record of what ran. */
interface Tracked {
  readonly stage: Stage & { handler: Middleware };
  readonly index: number;
  readonly bit: number;
}

/** The application's run of a stage a door may have run already: skipped then, its error (if any) passed on. */
function unlessRan({ stage, index, bit }: Tracked): Middleware {
  const { handler } = stage;
  return (req, res, next) => {
    const ran = (req as Marked)[RAN];
    if (ran !== undefined && (ran & bit) !== 0) return next((req as Marked)[FAILED]?.[index]);
    handler(req, res, next);
  };
}

/** A door: when it takes the request, the stages before it that name it, in order, then its handler. */
function openDoor(stages: Tracked[], door: DoorHandler<unknown>, application: RequestListener): FrontDoor {
  return (req, res) => {
    const taken = door.takes(req);
    if (taken === undefined) return false;
    const marked = req as Marked;
    const handOver = () => application(req, res);
    let i = 0;
    let steps = 0;
    const next: Next = (error) => {
      steps++;
      if (error) {
        (marked[FAILED] ??= [])[stages[i - 1].index] = error;
        return handOver();
      }
      if (i === stages.length) return door.answer(req, res, taken, handOver);
      const tracked = stages[i++];
      marked[RAN] = (marked[RAN] ?? 0) | tracked.bit;
      const before = steps;
      try {
        tracked.stage.handler(req, res, next);
      } catch (error) {
        // As Express does: a stage that throws before going on has failed (what threw after it went on is not its).
        if (steps !== before) throw error;
        next(error ?? new Error(`The stage "${tracked.stage.name}" failed.`));
      }
    };
    next();
    return true;
  };
}

/** The list put together: what the application runs, in order, and the doors. */
export interface AssembledPipeline {
  readonly entries: readonly PipelineEntry[];
  /** The stages the application runs on Express, in order (configureApp). */
  readonly onExpress: readonly Middleware[];
  /** The stages the application runs as Nest's middleware, in order, with their routes (HttpPipelineModule). */
  readonly asNestMiddleware: ReadonlyArray<{ readonly handler: Middleware; readonly routes: NonNullable<Stage['routes']> }>;
  /** Each door, in the list's order, over the stages before it that name it; handing over to `application`. */
  readonly doors: (application: RequestListener) => FrontDoor[];
}

export function assemble(entries: PipelineEntry[]): AssembledPipeline {
  const names = entries.map((entry) => (isDoor(entry) ? entry.door : entry.name));
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice) throw new Error(`The HTTP pipeline names "${twice}" twice.`);
  const stages = entries.filter((entry): entry is Stage => !isDoor(entry));
  const firstNest = stages.findIndex((stage) => stage.runs === 'nest');
  if (firstNest !== -1 && stages.slice(firstNest).some((stage) => stage.runs === 'express')) {
    throw new Error('The HTTP pipeline lists a stage on Express after a stage of Nest: Express runs all of its own first.');
  }
  const tracked = new Map<Stage, Tracked>();
  for (const stage of stages) {
    if (!stage.doors?.length) continue;
    if (!stage.handler) throw new Error(`The HTTP pipeline's stage "${stage.name}" has no middleware of ours for a door to run.`);
    const index = tracked.size;
    if (index > 30) throw new Error('The HTTP pipeline keeps track of at most 31 stages that doors run.');
    tracked.set(stage, { stage: stage as Tracked['stage'], index, bit: 1 << index });
  }
  for (const stage of stages) {
    // A door not in the list (none under Vite's dev server) runs nothing.
    const late = stage.doors?.find((door) => names.includes(door) && names.indexOf(door) < names.indexOf(stage.name));
    if (late) throw new Error(`The HTTP pipeline's stage "${stage.name}" names the door "${late}", which comes before it.`);
  }
  const applicationRun = (stage: Stage): Middleware => {
    const found = tracked.get(stage);
    return found ? unlessRan(found) : stage.handler!;
  };
  const ours = (runs: Stage['runs']) => stages.filter((stage) => stage.runs === runs && stage.handler);
  return {
    entries,
    onExpress: ours('express').map(applicationRun),
    asNestMiddleware: ours('nest').map((stage) => ({ handler: applicationRun(stage), routes: stage.routes ?? { forRoutes: ['{*path}'] } })),
    doors: (application) =>
      entries.flatMap((entry, position) => {
        if (!isDoor(entry)) return [];
        const before = entries.slice(0, position).filter((e): e is Stage => !isDoor(e) && (e.doors ?? []).includes(entry.door));
        return [
          openDoor(
            before.map((stage) => tracked.get(stage)!),
            entry.handler,
            application,
          ),
        ];
      }),
  };
}

/** The pipeline of one application, built once from the list above. */
@Injectable()
export class HttpPipeline {
  private assembled?: AssembledPipeline;

  constructor(private readonly modules: ModuleRef) {}

  /** The list, in order. */
  entries(): readonly PipelineEntry[] {
    return this.build().entries;
  }

  /** configureApp: the stages the application runs on Express, in order, and the doors in front of the server. */
  installOn(app: NestExpressApplication): void {
    const { onExpress, doors } = this.build();
    for (const handler of onExpress) app.use(handler);
    const server = app.getHttpServer();
    const open = doors(applicationOf(server));
    if (open.length > 0) installFrontDoor(server, (req, res) => open.some((door) => door(req, res)));
  }

  /** HttpPipelineModule: the stages the application runs as Nest's middleware, in order, on their routes. */
  configureNest(consumer: MiddlewareConsumer): void {
    for (const { handler, routes } of this.build().asNestMiddleware) {
      consumer
        .apply(handler)
        .exclude(...(routes.exclude ?? []))
        .forRoutes(...routes.forRoutes);
    }
  }

  private build(): AssembledPipeline {
    return (this.assembled ??= assemble(httpPipeline((token) => this.modules.get(token, { strict: false }))));
  }
}

/** Installs the pipeline's Nest stages (the Express ones and the doors: configureApp, with the same HttpPipeline). */
@Module({ providers: [HttpPipeline], exports: [HttpPipeline] })
export class HttpPipelineModule implements NestModule {
  constructor(private readonly pipeline: HttpPipeline) {}

  configure(consumer: MiddlewareConsumer): void {
    this.pipeline.configureNest(consumer);
  }
}
