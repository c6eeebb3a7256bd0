import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ClientLocale } from '../../common/http/request-values.decorator';
import { SignedIn, SignedInGuard } from '../auth';
import { AuditOnBehalf } from '../on-behalf';
import { PolicyIdPipe } from '../policy';
import { ProofLinkIdPipe } from './proof-link-id.pipe';
import { CreateProofLinkDto } from './proof-links.dto';
import { ProofLinksService } from './proof-links.service';
import type { Locale } from '../../shared/locale';
import type { ProofLinkCreated, ProofLinkView } from '../../shared/policy/proof-link-model';
import type { SignedInActor } from '../session';

/**
 * Issue 27: share-proof links of a policy, for its owner (and staff acting for them). Making and
 * revoking one is audited by the service; a list read by staff acting for the customer, here.
 */
@ApiTags('policies')
@UseGuards(SignedInGuard)
@Controller('api/policies/:id/proof-links')
export class ProofLinksController {
  constructor(private readonly links: ProofLinksService) {}

  @Post()
  @ApiCreatedResponse({ description: 'The link, with its `url` (the only answer that carries its token), expiring 24 hours from now.' })
  @ApiBadRequestResponse({ description: 'INVALID_INPUT, or PROOF_LINK_CAR_UNKNOWN: the policy has no such car.' })
  @ApiNotFoundResponse({ description: "POLICY_NOT_FOUND: no such policy, or someone else's." })
  @ApiConflictResponse({ description: 'PROOF_NOT_AVAILABLE: the policy is not in force today; PROOF_LINKS_TOO_MANY: 10 live links already.' })
  async create(
    @Param('id', PolicyIdPipe) id: string,
    @Body() body: CreateProofLinkDto,
    @SignedIn() actor: SignedInActor,
    @ClientLocale() locale: Locale,
  ): Promise<ProofLinkCreated> {
    return this.links.create(actor, id, body.vehicleIndex ?? null, locale);
  }

  @Get()
  @AuditOnBehalf('proof-link.list')
  @ApiOkResponse({ description: 'The live links (neither revoked nor expired), newest first, with their views; never their tokens.' })
  @ApiNotFoundResponse({ description: "POLICY_NOT_FOUND: no such policy, or someone else's." })
  async list(@Param('id', PolicyIdPipe) id: string, @SignedIn() actor: SignedInActor): Promise<ProofLinkView[]> {
    return this.links.list(actor, id);
  }

  @Delete(':linkId')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Revoked (`id`, `revokedAt`): the link shows nothing from now on.' })
  @ApiNotFoundResponse({ description: 'POLICY_NOT_FOUND, or PROOF_LINK_NOT_FOUND: no such live link of this policy (revoked already, expired, or another).' })
  async revoke(
    @Param('id', PolicyIdPipe) id: string,
    @Param('linkId', ProofLinkIdPipe) linkId: string,
    @SignedIn() actor: SignedInActor,
  ): Promise<{ id: string; revokedAt: string }> {
    return this.links.revoke(actor, id, linkId);
  }
}
