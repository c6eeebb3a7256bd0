import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiHeader, ApiOkResponse, ApiPaymentRequiredResponse, ApiTags } from '@nestjs/swagger';
import { ClientIp } from '../../common/http/request-values.decorator';
import { sendDownload } from '../../common/http/send-download';
import { exactLocale } from '../../shared/locale';
import { SignedIn, SignedInGuard } from '../auth';
import { AuditOnBehalf } from '../on-behalf';
import { idempotencyKeyOf } from './idempotency-key';
import { PoliciesService } from './policies.service';
import { PolicyIdPipe } from './policy-id.pipe';
import { CancelPolicyDto, ConfirmPolicyDto, PurchaseDto } from './policy.dto';
import { PolicyErrorCode, PolicyException } from './policy.exception';
import { PurchaseService, type PurchaseAnswer } from './purchase.service';
import type { PolicyDocument, PolicyView } from '../../shared/policy/policy-model';
import type { SignedInActor } from '../session';
import type { Response } from 'express';

const DOCUMENT_FILES: Record<string, PolicyDocument> = {
  'id-card.pdf': 'id-card',
  'declarations.pdf': 'declarations',
  'cancellation-notice.pdf': 'cancellation-notice',
};

/** Buying a policy and everything after: see docs/policies-api.md. */
@ApiTags('policies')
@UseGuards(SignedInGuard)
@Controller('api/policies')
export class PolicyController {
  constructor(
    private readonly purchases: PurchaseService,
    private readonly policies: PoliciesService,
  ) {}

  @Post()
  @ApiHeader({ name: 'Idempotency-Key', required: true, description: 'One per purchase attempt; a retry sends the same.' })
  @ApiCreatedResponse({ description: "status 'active' (bought and charged) or 'pending-confirmation' (bought by staff, for the customer to sign)." })
  @ApiOkResponse({ description: "status 'requires_action' with a clientSecret: authenticate, then send the same request again." })
  @ApiPaymentRequiredResponse({ description: 'PAYMENT_DECLINED with extra.reason.' })
  @ApiForbiddenResponse({ description: 'AGENT_NOT_LICENSED_IN_STATE: the agent the policy would name is not licensed in its state; nothing recorded.' })
  @ApiConflictResponse({ description: 'OUT_OF_ORDER, PRICE_CHANGED, PURCHASE_IN_PROGRESS, IDEMPOTENCY_KEY_REUSED, QUOTE_CLOSED.' })
  async purchase(
    @Headers('idempotency-key') key: string | undefined,
    @Body() body: PurchaseDto,
    @SignedIn() actor: SignedInActor,
    @ClientIp() ip: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<PurchaseAnswer> {
    const answer = await this.purchases.purchase(actor, idempotencyKeyOf(key), body, ip);
    res.status(answer.status === 'requires_action' ? 200 : 201);
    return answer;
  }

  @Get()
  @AuditOnBehalf('policy.list')
  @ApiOkResponse({ description: "The signed-in customer's policies, newest first." })
  async list(@SignedIn() actor: SignedInActor): Promise<PolicyView[]> {
    return this.policies.list(actor);
  }

  @Get(':id')
  @AuditOnBehalf<PolicyView>('policy.read', ({ answer }) => answer.number)
  async get(@Param('id', PolicyIdPipe) id: string, @SignedIn() actor: SignedInActor): Promise<PolicyView> {
    return this.policies.get(actor, id);
  }

  @Get(':id/documents/:file')
  @ApiOkResponse({
    description:
      "id-card.pdf, declarations.pdf or (cancelled) cancellation-notice.pdf, in the policy's language or ?locale=en-US|es. 410 POLICY_COVER_ENDED: no ID card after the last covered day.",
  })
  async document(
    @Param('id', PolicyIdPipe) id: string,
    @Param('file') file: string,
    @Query('locale') locale: string | undefined,
    @SignedIn() actor: SignedInActor,
    @Res() res: Response,
  ): Promise<void> {
    const kind = DOCUMENT_FILES[file];
    if (!kind) throw new PolicyException(PolicyErrorCode.NotFound);
    const { pdf, fileName } = await this.policies.document(actor, id, kind, exactLocale(locale));
    sendDownload(res, { body: pdf, type: 'application/pdf', fileName });
  }

  @Post(':id/confirm')
  @HttpCode(200)
  @ApiHeader({ name: 'Idempotency-Key', required: true })
  @ApiOkResponse({ description: 'The policy, bound and charged.' })
  @ApiForbiddenResponse({
    description:
      'CONFIRMATION_BY_CUSTOMER (staff acting), or AGENT_NOT_LICENSED_IN_STATE: the selling agent is no longer licensed in its state; nothing charged.',
  })
  async confirm(
    @Param('id', PolicyIdPipe) id: string,
    @Headers('idempotency-key') key: string | undefined,
    @Body() body: ConfirmPolicyDto,
    @SignedIn() actor: SignedInActor,
  ): Promise<PolicyView> {
    return this.policies.confirm(actor, id, idempotencyKeyOf(key), body);
  }

  @Post(':id/cancel')
  @AuditOnBehalf<PolicyView>('policy.cancel', ({ answer }) => answer.number)
  @HttpCode(200)
  @ApiOkResponse({ description: 'The policy, cancelled from the date given; no fee.' })
  async cancel(@Param('id', PolicyIdPipe) id: string, @Body() body: CancelPolicyDto, @SignedIn() actor: SignedInActor): Promise<PolicyView> {
    return this.policies.cancel(actor, id, body);
  }
}
