import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Clock } from '../../common/clock/clock';
import { NotCustomerRead } from '../../common/http/on-behalf-marks.decorator';
import { ClientIp } from '../../common/http/request-values.decorator';
import { cspNonce } from '../../common/security/security-headers';
import { localizePath, splitLocalePath } from '../../shared/locale';
import { CurrentActor } from '../session';
import { ProofLinksService } from './proof-links.service';
import { limitedPage, nothingPage, proofCardPage } from './proof-page';
import type { Actor } from '../session';
import type { Request, Response } from 'express';

/**
 * The page a share-proof link opens, /proof/<token> and /es/proof/<token>: the ID card's facts
 * while the link is live, the same 404 page for anything else. Rendered here per request, with no
 * script (nothing of the site's bundle, analytics or logs ever sees the token), kept by no cache,
 * indexed by no robot, and sent as nobody's Referer.
 */
@ApiExcludeController()
@NotCustomerRead("the page audits each view itself, as a reader of the link, not as the customer's read")
@Controller()
export class ProofPageController {
  constructor(
    private readonly links: ProofLinksService,
    private readonly clock: Clock,
  ) {}

  @Get(['proof/:token', 'es/proof/:token'])
  async page(@Param('token') token: string, @Req() req: Request, @Res() res: Response, @ClientIp() ip: string, @CurrentActor() actor: Actor): Promise<void> {
    const { locale, path } = splitLocalePath(req.path);
    const frame = { locale, nonce: cspNonce(res), otherLanguagePath: localizePath(path, locale === 'es' ? 'en-US' : 'es') };
    const shown = await this.links.page(token, locale, ip, actor.correlationId);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    res.setHeader('Referrer-Policy', 'no-referrer');
    if (shown.kind === 'limited') {
      res.setHeader('Retry-After', String(shown.retryAfterSeconds));
      res.status(429).send(limitedPage(frame));
      return;
    }
    if (shown.kind === 'nothing') {
      res.status(404).send(nothingPage(frame));
      return;
    }
    res.status(200).send(proofCardPage(frame, { facts: shown.facts, expiresAt: shown.expiresAt, now: this.clock.now() }));
  }
}
