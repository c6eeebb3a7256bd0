import { Injectable, OnModuleInit } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { isoDay } from '../../shared/dates/iso-day';
import { localizePath, type Locale } from '../../shared/locale';
import { nextStepOf, type QuoteAnswers, type QuoteView } from '../../shared/quote/quote-model';
import { answerProblems, type AnswersInput } from '../../shared/quote/quote-validation';
import { actingProducer, AgentLicenceService } from '../agent';
import { MagicLinkService, SignInEvents } from '../auth';
import { SessionWriter } from '../session';
import { QuoteLifecycle, type AnswersSave } from './quote-lifecycle.service';
import { ensureQuoteOwner, quoteOwner, type QuoteOwner } from './quote-owner';
import { invalidAnswers } from './quote-problems';
import { newQuoteReference } from './quote-reference';
import { quoteView } from './quote-view';
import { QuoteErrorCode, QuoteException } from './quote.exception';
import { QuoteRepository, type QuoteRow } from './quote.repository';
import { resolveVehicle } from './vehicle-resolver';
import type { Actor } from '../session';

/** Where a visitor goes after the quote: the application, in their language. */
const APPLICATION_PATH = '/quote/application';

/**
 * The quote of /quote: saved as it is answered, priced as soon as the answers allow, readable
 * only by its owner (a browser before sign-in, the account after; staff acting for a customer
 * see that customer's), joined to the account at sign-in.
 */
@Injectable()
export class QuoteService implements OnModuleInit {
  constructor(
    private readonly quotes: QuoteRepository,
    private readonly lifecycle: QuoteLifecycle,
    private readonly magicLinks: MagicLinkService,
    private readonly signIns: SignInEvents,
    private readonly clock: Clock,
    private readonly licences: AgentLicenceService,
    private readonly sessions: SessionWriter,
  ) {}

  onModuleInit(): void {
    this.signIns.subscribe(async (event) => {
      await this.lifecycle.joinAccount(event.userId, event.email, { visitorKey: event.visitorKey, quoteId: event.quoteId });
    });
  }

  async current(actor: Actor): Promise<QuoteView | null> {
    const owner = quoteOwner(actor);
    const row = owner && (await this.quotes.findLatestOpen(owner));
    return row ? quoteView(row) : null;
  }

  async get(actor: Actor, id: string): Promise<QuoteView> {
    return quoteView(await this.ownRow(actor, id));
  }

  /** A new quote with its first answers (checked before anything is written). */
  async create(actor: Actor, answers: AnswersInput, locale: Locale): Promise<QuoteView> {
    const blank = { answers: {}, application: {}, state: null, zip: null, coveragePackage: 'standard', coverage: null } as unknown as QuoteRow;
    await this.lifecycle.checkAnswers(blank, this.answersOf(blank, answers), (row, next) => this.licensedFor(actor, row, next));
    const owner = await ensureQuoteOwner(actor, this.sessions);
    const row = await this.insert(owner, actor, locale, { producerId: actingProducer(actor), staffUserId: actor.staff?.userId });
    return quoteView(await this.lifecycle.saveAnswers(row.id, owner, (locked) => this.answersOf(locked, answers)));
  }

  async update(actor: Actor, id: string, answers: AnswersInput): Promise<QuoteView> {
    const saved = await this.lifecycle.saveAnswers(
      id,
      this.ownerOf(actor),
      (row) => this.answersOf(row, answers),
      (row, next) => this.licensedFor(actor, row, next),
    );
    return quoteView(saved);
  }

  /**
   * The end of /quote. A visitor is sent a sign-in link that lands on the application and
   * carries this quote (so it follows them to another device); someone signed in goes on.
   */
  async continue(
    actor: Actor,
    id: string,
    email: string | undefined,
    client: { ip: string; locale: Locale },
  ): Promise<{ next: 'check-email' | 'application' }> {
    const row = await this.ownRow(actor, id);
    if (row.status !== 'open') throw new QuoteException(QuoteErrorCode.Closed);
    if (nextStepOf(row.answers) !== 'email') throw new QuoteException(QuoteErrorCode.Incomplete);
    if (actor.userId) return { next: 'application' };
    if (!email) throw invalidAnswers({ email: 'required' });
    const owner = this.ownerOf(actor);
    await this.lifecycle.saveEmail(row.id, owner, email);
    // A second request within the minute is refused with the wait (LINK_RECENTLY_SENT), as on /login.
    await this.magicLinks.requestForSignIn({
      email,
      redirectUri: localizePath(APPLICATION_PATH, client.locale),
      locale: client.locale,
      ip: client.ip,
      quoteId: row.id,
    });
    return { next: 'check-email' };
  }

  /**
   * An agent acting for a customer quotes and prices only in a state they are licensed in
   * (issue 15), and an agent's quote stays in their states whoever answers it: the customer
   * moving it learns so at the step that sets the state (issue 30). Refused, nothing is saved.
   */
  private async licensedFor(actor: Actor, row: Pick<QuoteRow, 'producerId'>, next: { state: string | null }): Promise<void> {
    await this.licences.assertMayQuote(actor, row, next.state);
  }

  private ownerOf(actor: Actor): QuoteOwner {
    const owner = quoteOwner(actor);
    if (!owner) throw new QuoteException(QuoteErrorCode.NotFound);
    return owner;
  }

  private async ownRow(actor: Actor, id: string): Promise<QuoteRow> {
    const row = await this.quotes.findForOwner(id, this.ownerOf(actor));
    if (!row) throw new QuoteException(QuoteErrorCode.NotFound);
    return row;
  }

  private async insert(owner: QuoteOwner, actor: Actor, locale: Locale, staff: { producerId?: string; staffUserId?: string }): Promise<QuoteRow> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.quotes.create({ reference: newQuoteReference(), owner, locale, attribution: actor.attribution, ...staff });
      } catch (error) {
        // A reference already taken (one in a trillion): draw another.
        if (attempt < 3 && (error as { code?: string }).code === '23505') continue;
        throw error;
      }
    }
  }

  /**
   * The answers with `input` applied, each given part checked by the shared rules, the vehicle
   * resolved and the names trimmed (the lifecycle then finds the ZIP's state and prices them).
   */
  private answersOf(row: QuoteRow, input: AnswersInput): AnswersSave {
    const day = isoDay(this.clock.now());
    const problems = answerProblems(input, day);
    if (Object.keys(problems).length) throw invalidAnswers(problems);
    // Every given part has passed the rules: it is whole.
    const patch = input as QuoteAnswers;
    const answers: QuoteAnswers = { ...row.answers };
    for (const [key, value] of Object.entries(patch) as [string, unknown][]) if (value !== undefined) Object.assign(answers, { [key]: value });
    if (patch.vehicle) {
      const { bodyType: _body, ...vehicle } = resolveVehicle(patch.vehicle, day, { requireModel: true });
      answers.vehicle = vehicle;
    }
    if (patch.driver) answers.driver = { ...patch.driver, firstName: patch.driver.firstName.trim(), lastName: patch.driver.lastName.trim() };
    return { answers, zipGiven: Boolean(patch.zip) };
  }
}
