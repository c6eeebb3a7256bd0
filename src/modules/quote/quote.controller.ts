import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { plainToInstance } from 'class-transformer';
import { ClientIp, ClientLocale } from '../../common/http/request-values.decorator';
import { AuditOnBehalf } from '../on-behalf';
import { CurrentActor } from '../session';
import { quoteReference } from './quote-audit';
import { QuoteIdPipe } from './quote-id.pipe';
import { ContinueQuoteDto, QuoteAnswersDto } from './quote.dto';
import { QuoteService } from './quote.service';
import type { Locale } from '../../shared/locale';
import type { QuoteView } from '../../shared/quote/quote-model';
import type { Actor } from '../session';

const NOT_LICENSED =
  "AGENT_NOT_LICENSED_IN_STATE: an agent acting for the customer is not licensed in the quote's state (error.extra.state, licensedStates); nothing is saved.";

/** The visitor's own quotes: a browser's before sign-in, the account's after. */
@ApiTags('quotes')
@Controller('api/quotes')
export class QuoteController {
  constructor(private readonly quotes: QuoteService) {}

  /** The open quote /quote resumes, or null. */
  @Get('current')
  @AuditOnBehalf('quote.read')
  @ApiOkResponse({ description: "The visitor's open quote worked on last, or null." })
  async current(@CurrentActor() actor: Actor): Promise<QuoteView | null> {
    return this.quotes.current(actor);
  }

  @Post()
  @AuditOnBehalf('quote.create', quoteReference)
  @ApiCreatedResponse({ description: 'The new quote, priced when its answers allow.' })
  @ApiBadRequestResponse({ description: 'error.fields names each bad answer.' })
  @ApiUnprocessableEntityResponse({ description: 'STATE_NOT_SERVED: a ZIP in a state we do not sell in (error.extra.state).' })
  @ApiForbiddenResponse({ description: NOT_LICENSED })
  async create(@Body() answers: QuoteAnswersDto, @CurrentActor() actor: Actor, @ClientLocale() locale: Locale): Promise<QuoteView> {
    return this.quotes.create(actor, answers, locale);
  }

  @Get(':id')
  @AuditOnBehalf('quote.read')
  @ApiOkResponse({ description: 'The quote.' })
  @ApiNotFoundResponse({ description: "No such quote of this visitor's." })
  async get(@Param('id', QuoteIdPipe) id: string, @CurrentActor() actor: Actor): Promise<QuoteView> {
    return this.quotes.get(actor, id);
  }

  /** Saves one step's answers (or several) and prices again. */
  @Patch(':id')
  // The answers' fields as the validated DTO holds them (every field it declares), as the service's own entry named them.
  @AuditOnBehalf<QuoteView>('quote.update', ({ answer, body }) => `${answer.reference}: ${Object.keys(plainToInstance(QuoteAnswersDto, body)).join(', ')}`)
  @ApiOkResponse({ description: 'The quote after the change.' })
  @ApiBadRequestResponse({ description: 'error.fields names each bad answer; nothing is saved.' })
  @ApiNotFoundResponse({ description: "No such quote of this visitor's." })
  @ApiConflictResponse({ description: 'The quote was already bought or closed.' })
  @ApiForbiddenResponse({ description: NOT_LICENSED })
  async update(@Param('id', QuoteIdPipe) id: string, @Body() answers: QuoteAnswersDto, @CurrentActor() actor: Actor): Promise<QuoteView> {
    return this.quotes.update(actor, id, answers);
  }

  /** Prices the quote again on the rate table in force today. */
  @Post(':id/price')
  @AuditOnBehalf<QuoteView>('quote.update', ({ answer }) => `${answer.reference}: `)
  @HttpCode(200)
  @ApiOkResponse({ description: 'The quote with its new price.' })
  @ApiForbiddenResponse({ description: NOT_LICENSED })
  @ApiNotFoundResponse({ description: "No such quote of this visitor's." })
  async price(@Param('id', QuoteIdPipe) id: string, @CurrentActor() actor: Actor): Promise<QuoteView> {
    return this.quotes.update(actor, id, {});
  }

  /** The end of /quote: a sign-in link to the application (signed in: straight on). */
  @Post(':id/continue')
  @AuditOnBehalf('quote.continue', async ({ get, actor, params }) => (await get(QuoteService).get(actor, params.id)).reference)
  @HttpCode(200)
  @ApiOkResponse({ description: '{ next: "check-email" } after sending the link, or { next: "application" }.' })
  @ApiConflictResponse({ description: 'QUOTE_INCOMPLETE: earlier steps are not answered yet.' })
  @ApiTooManyRequestsResponse({
    description:
      'LINK_RECENTLY_SENT: a link went to this e-mail moments ago (error.extra.retryAfterSeconds, Retry-After); TOO_MANY_REQUESTS from this client address.',
  })
  async continue(
    @Param('id', QuoteIdPipe) id: string,
    @Body() body: ContinueQuoteDto,
    @CurrentActor() actor: Actor,
    @ClientIp() ip: string,
    @ClientLocale() locale: Locale,
  ): Promise<{ next: 'check-email' | 'application' }> {
    return this.quotes.continue(actor, id, body.email, { ip, locale });
  }
}
