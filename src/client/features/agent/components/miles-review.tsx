import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { formatDay, formatNumber } from '../../../../shared/format/money';
import { TextField } from '../../../components/ui/form-fields';
import { NewTabLink } from '../../../components/ui/new-tab-link';
import { QueryStatus } from '../../../components/ui/query-status';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { useApiQuery } from '../../../lib/api/use-api-query';
import {
  decideDispute,
  disputePhotoUrl,
  fetchMilesReview,
  readingPhotoUrl,
  type FlaggedReading,
  type OpenDispute,
  type ReviewFailure,
} from '../api/miles-review-api';
import type { ApiErrorCode } from '../../../../shared/api/error-codes';

/** A link to a stored photo, opening in a new tab. */
function PhotoLink({ href }: { href: string }) {
  const { t } = useTranslation('agent');
  return <NewTabLink href={href}>{t('review.photo')}</NewTabLink>;
}

function Fact(props: { term: string; wide?: boolean; className?: string; children: ReactNode }) {
  return (
    <div className={props.wide ? 'policy-facts__wide' : undefined}>
      <dt>{props.term}</dt>
      <dd className={props.className}>{props.children}</dd>
    </div>
  );
}

/**
 * One item to review, a reading or a disputed day: whose car it is, what to check (`facts`), the
 * photo if one was sent, and why it is here (`why`); `children` come after the facts.
 */
function ReviewCard(props: {
  heading: string;
  item: { customerEmail: string; car: string; hasPhoto: boolean };
  photoUrl: string;
  facts: ReactNode;
  why: [string, ReactNode];
  children?: ReactNode;
}) {
  const { t } = useTranslation('agent');
  const id = useId();
  return (
    <li className="policy-card card" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="policy-card__title">
        {props.heading}
      </h4>
      <dl className="policy-facts">
        <Fact term={t('review.customer')} className="sold-policies__email">
          {props.item.customerEmail}
        </Fact>
        <Fact term={t('review.car')}>{props.item.car}</Fact>
        {props.facts}
        <Fact term={t('review.photoColumn')}>{props.item.hasPhoto ? <PhotoLink href={props.photoUrl} /> : t('review.noPhoto')}</Fact>
        <Fact term={props.why[0]} wide>
          {props.why[1]}
        </Fact>
      </dl>
      {props.children}
    </li>
  );
}

/** A reading that jumped more than a car could drive: for staff to check with the customer. */
function FlaggedReadingItem({ reading }: { reading: FlaggedReading }) {
  const { t } = useTranslation('agent');
  const { locale } = useLocale();
  const day = formatDay(reading.readAt.slice(0, 10), locale);
  return (
    <ReviewCard
      heading={t('review.readingHeading', { number: reading.policyNumber, day })}
      item={reading}
      photoUrl={readingPhotoUrl(reading.id)}
      facts={<Fact term={t('review.reading')}>{t('review.miles', { miles: formatNumber(reading.reading, locale) })}</Fact>}
      why={[t('review.why'), t(`review.flags.${reading.flag}`, { defaultValue: reading.flag })]}
    />
  );
}

/** Miles as the server takes them: 0 to 1,000, at most 2 decimals. */
const MILES = /^\d{1,4}(\.\d{1,2})?$/;
const KNOWN_FAILURES: readonly ApiErrorCode[] = ['DISPUTE_DECIDED', 'DISPUTE_NOT_FOUND'];

function failureText(failure: ReviewFailure): string {
  if (failure.code && KNOWN_FAILURES.includes(failure.code)) return `review.errors.${failure.code}`;
  return failure.status === 400 ? 'review.errors.invalid' : 'review.errors.failed';
}

/** One disputed day: what the customer says, and the form to accept (with the miles to bill) or reject it. */
function DisputeItem({ dispute }: { dispute: OpenDispute }) {
  const { t } = useTranslation('agent');
  const { locale } = useLocale();
  const [miles, setMiles] = useState(dispute.claimedMiles === null ? '' : String(dispute.claimedMiles));
  const [note, setNote] = useState('');
  const [milesError, setMilesError] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [decided, setDecided] = useState<{ decision: 'accepted'; miles: number } | { decision: 'rejected' }>();
  const day = formatDay(dispute.day, locale);

  const decide = async (decision: 'accepted' | 'rejected') => {
    const value = Number(miles.trim());
    if (decision === 'accepted' && (!MILES.test(miles.trim()) || value > 1000)) {
      setError(undefined);
      return setMilesError(t('review.errors.miles'));
    }
    setMilesError(undefined);
    setBusy(true);
    const trimmed = note.trim() || undefined;
    const result = await decideDispute(dispute.id, decision === 'accepted' ? { decision, miles: value, note: trimmed } : { decision, note: trimmed });
    setBusy(false);
    if (!result.ok) return setError(t(failureText(result.failure)));
    setError(undefined);
    setDecided(decision === 'accepted' ? { decision, miles: value } : { decision });
  };

  const submit = (event: FormEvent) => event.preventDefault();

  return (
    <ReviewCard
      heading={t('review.disputeHeading', { number: dispute.policyNumber, day })}
      item={dispute}
      photoUrl={disputePhotoUrl(dispute.id)}
      facts={
        <>
          <Fact term={t('review.day')}>{day}</Fact>
          <Fact term={t('review.claimed')}>
            {dispute.claimedMiles === null ? t('review.notClaimed') : t('review.miles', { miles: formatNumber(dispute.claimedMiles, locale) })}
          </Fact>
          {dispute.trip && (
            <Fact term={t('review.flaggedTrip')}>
              {t('review.tripFact', { miles: formatNumber(dispute.trip.miles, locale), flag: t(`review.tripFlags.${dispute.trip.flag}`) })}
            </Fact>
          )}
        </>
      }
      why={[t('review.reason'), dispute.reason || t('review.noNote')]}
    >
      <div role="status">
        {decided?.decision === 'accepted' && <p className="notice">{t('review.accepted', { miles: formatNumber(decided.miles, locale), day })}</p>}
        {decided?.decision === 'rejected' && <p className="notice">{t('review.rejected', { day })}</p>}
      </div>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {!decided && (
        <form className="form" noValidate onSubmit={submit} aria-label={t('review.formLabel', { number: dispute.policyNumber, day })}>
          <TextField
            label={t('review.milesLabel')}
            hint={t('review.milesHint')}
            error={milesError}
            type="number"
            inputMode="decimal"
            min={0}
            max={1000}
            step="any"
            value={miles}
            onChange={(event) => setMiles(event.target.value)}
          />
          <TextField
            label={t('review.noteLabel')}
            hint={t('review.noteHint')}
            maxLength={1000}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <div className="actions">
            <button type="button" className="button button--fill" disabled={busy} onClick={() => void decide('accepted')}>
              {t('review.accept')}
            </button>
            <button type="button" className="button button--outline" disabled={busy} onClick={() => void decide('rejected')}>
              {t('review.reject')}
            </button>
          </div>
        </form>
      )}
    </ReviewCard>
  );
}

/** One kind of item to review, under its heading, or a line saying there is none. */
function ReviewList(props: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <>
      <h3>{props.title}</h3>
      {props.children.length === 0 ? <p>{props.empty}</p> : <ul className="policy-list">{props.children}</ul>}
    </>
  );
}

/** For staff: readings flagged as implausible and disputed days (an agent's own sales, an admin's all), with a decision for each dispute. */
export function MilesReview() {
  const { t } = useTranslation('agent');
  const id = useId();
  const load = useApiQuery(['miles-review'], fetchMilesReview);

  return (
    <section className="callout" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('review.title')}</h2>
      <QueryStatus state={load.state} loading={t('review.loading')} failed={t('review.failed')} />
      {load.state === 'ready' && (
        <>
          <ReviewList title={t('review.readingsTitle')} empty={t('review.noReadings')}>
            {load.data.flaggedReadings.map((reading) => (
              <FlaggedReadingItem key={reading.id} reading={reading} />
            ))}
          </ReviewList>
          <ReviewList title={t('review.disputesTitle')} empty={t('review.noDisputes')}>
            {load.data.openDisputes.map((dispute) => (
              <DisputeItem key={dispute.id} dispute={dispute} />
            ))}
          </ReviewList>
        </>
      )}
    </section>
  );
}
