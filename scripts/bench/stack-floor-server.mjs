// The re-price's floor on our stack (run as a child by stack-floor.mjs): the same three steps —
// read the visitor's session, read the quote, write its new price to the version read — and
// nothing of Meterly's around them. FLOOR_MODE picks what carries them:
//   bare  — node:http and pg;
//   nest  — a NestJS app (platform-express) with no middleware, pg;
//   stack — NestJS with the stack's session and data libraries: express-session on
//           connect-pg-simple reads the session, TypeORM runs the two statements.
// The NestJS modes also answer POST /api/writes with one single-statement write (an INSERT into a
// scratch table, nothing read first, no session): the floor a purchase's time is read beside (issue 29).
// PORT, DATABASE_URL, FLOOR_TABLE_PREFIX.
import 'reflect-metadata';
import http from 'node:http';
import { Controller, HttpCode, Module, NotFoundException, Param, Post, Req } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import pgSession from 'connect-pg-simple';
import session from 'express-session';
import pg from 'pg';
import { DataSource } from 'typeorm';

const prefix = process.env.FLOOR_TABLE_PREFIX;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const SELECT_QUOTE = `SELECT id, answers, base_rate_cents, xmin::text AS version FROM ${prefix}quotes WHERE id = $1`;
const UPDATE_QUOTE = `UPDATE ${prefix}quotes SET base_rate_cents = $2, updated_at = now() WHERE id = $1 AND xmin::text = $3`;
const INSERT_WRITE = `INSERT INTO ${prefix}writes (id, body) VALUES (gen_random_uuid(), $1) RETURNING id`;
export const FLOOR_COOKIE = 'floor';

const poolQuery = async (sql, params) => (await pool.query(sql, params)).rows;
const sidOf = (cookie) => new RegExp(`${FLOOR_COOKIE}=([^;]+)`).exec(cookie ?? '')?.[1];
const poolSession = async (req) =>
  (await pool.query(`SELECT sess FROM ${prefix}session WHERE sid = $1 AND expire > now()`, [sidOf(req.headers.cookie)])).rows[0];

/** Reads the quote, prices it (a constant's worth of work: the floor is everything around the engine) and writes it. */
async function priceAgain(query, id) {
  const [quote] = await query(SELECT_QUOTE, [id]);
  if (!quote) return undefined;
  const baseRateCents = 4000 + (quote.base_rate_cents % 100) + 1;
  await query(UPDATE_QUOTE, [id, baseRateCents, quote.version]);
  return { success: true, payload: { id: quote.id, answers: quote.answers, baseRateCents } };
}

function bareServer(port) {
  return new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', async () => {
        const answer = (await poolSession(req)) ? await priceAgain(poolQuery, req.url.split('/')[3]) : undefined;
        const body = JSON.stringify(answer ?? { success: false, error: { message: 'Not found' } });
        res.writeHead(answer ? 200 : 404, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      });
    });
    server.listen(port, '127.0.0.1', resolve);
  });
}

async function nestServer(port, withStackLibraries) {
  let query = poolQuery;
  let readSession = poolSession;
  const middleware = [];
  if (withStackLibraries) {
    const source = await new DataSource({ type: 'postgres', url: process.env.DATABASE_URL, poolSize: 10 }).initialize();
    query = (sql, params) => source.query(sql, params);
    readSession = async (req) => (req.session.visitor ? req.session : undefined);
    const Store = pgSession(session);
    middleware.push(
      session({
        name: FLOOR_COOKIE,
        secret: 'the-floor-measures-the-libraries-not-this-secret',
        store: new Store({ pool, tableName: `${prefix}store_session` }),
        resave: false,
        saveUninitialized: false,
        // No touch per answer (the application skips a touch that moves the expiry under a minute): three statements, as the application's.
        rolling: false,
        cookie: { httpOnly: true, sameSite: 'lax', maxAge: 30 * 60_000 },
      }),
    );
  }

  // Decorated by hand: this file runs as plain JavaScript, without a compiler for decorators.
  class FloorController {
    async price(id, req) {
      const answer = (await readSession(req)) ? await priceAgain(query, id) : undefined;
      if (!answer) throw new NotFoundException();
      return answer;
    }
    async begin(req) {
      req.session.visitor = true;
      return { success: true };
    }
    async write() {
      const [row] = await query(INSERT_WRITE, [{ at: new Date().toISOString() }]);
      return { success: true, payload: { id: row.id } };
    }
  }
  const decorate = (method, decorators, paramTypes) =>
    Reflect.decorate(
      [...decorators, Reflect.metadata('design:paramtypes', paramTypes)],
      FloorController.prototype,
      method,
      Object.getOwnPropertyDescriptor(FloorController.prototype, method),
    );
  Controller('api')(FloorController);
  decorate('price', [Post('quotes/:id/price'), HttpCode(200)], [String, Object]);
  Param('id')(FloorController.prototype, 'price', 0);
  Req()(FloorController.prototype, 'price', 1);
  decorate('begin', [Post('session')], [Object]);
  Req()(FloorController.prototype, 'begin', 0);
  decorate('write', [Post('writes'), HttpCode(201)], []);
  class FloorModule {}
  Module({ controllers: [FloorController] })(FloorModule);

  const app = await NestFactory.create(FloorModule, { logger: ['error'], bodyParser: false });
  for (const handler of middleware) app.use(handler);
  await app.listen(port, '127.0.0.1');
}

const port = Number(process.env.PORT);
const mode = process.env.FLOOR_MODE;
await (mode === 'bare' ? bareServer(port) : nestServer(port, mode === 'stack'));
process.stdout.write('ready\n');
