import { stepWording } from '../../../shared/claims/claim-next-steps';
import { CLAIMS_PHONE } from '../../../shared/claims/claims-contact';
import { formatDay } from '../../../shared/format/money';
import { useBrowserZone } from '../../app/use-browser-zone';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { NewTabLink } from '../ui/new-tab-link';
import { formatClaimTime } from './claim-time';
import type { ClaimView } from '../../../shared/claims/claim-model';
import type { ReactNode } from 'react';

function Fact(props: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={props.wide ? 'policy-facts__wide' : undefined}>
      <dt>{props.term}</dt>
      <dd>{props.children}</dd>
    </div>
  );
}

/** What was reported: the car, when and where, what happened, the other party, the police report, injuries, the photos. */
export function ClaimFacts({ claim, photoUrl, children }: { claim: ClaimView; photoUrl: (photoId: string) => string; children?: ReactNode }) {
  const { t } = useTranslation('claims');
  const { locale } = useLocale();
  const zone = useBrowserZone();
  return (
    <dl className="policy-facts">
      {children}
      <Fact term={t('facts.kind')}>{t(`kind.${claim.kind}`)}</Fact>
      <Fact term={t('facts.policy')}>{claim.policyNumber}</Fact>
      <Fact term={t('facts.car')}>{claim.vehicle}</Fact>
      <Fact term={t('facts.when')}>{formatClaimTime(claim.occurredAt, locale, zone)}</Fact>
      <Fact term={t('facts.where')} wide>
        {claim.location}
      </Fact>
      <Fact term={t('facts.what')} wide>
        <span className="claim-text">{claim.description}</span>
      </Fact>
      <Fact term={t('facts.otherParty')}>{claim.otherParty ?? t('facts.none')}</Fact>
      <Fact term={t('facts.policeReport')}>{claim.policeReport ?? t('facts.none')}</Fact>
      <Fact term={t('facts.injuries')}>{claim.injuries ? t('facts.yes') : t('facts.no')}</Fact>
      <Fact term={t('facts.photos')}>
        {claim.photoIds.length === 0 ? (
          t('facts.noPhotos')
        ) : (
          <span className="claim-photos">
            {claim.photoIds.map((photoId, index) => (
              <NewTabLink key={photoId} href={photoUrl(photoId)}>
                {t('facts.photo', { n: index + 1 })}
              </NewTabLink>
            ))}
          </span>
        )}
      </Fact>
    </dl>
  );
}

/** The claim's steps, oldest first, each with the note staff wrote the customer. */
export function ClaimHistory({ claim }: { claim: ClaimView }) {
  const { t } = useTranslation('claims');
  const { locale } = useLocale();
  const zone = useBrowserZone();
  return (
    <ol className="claim-history" aria-label={t('history.label')}>
      {claim.events.map((event, index) => (
        <li key={index}>
          <p className="claim-history__head">
            <strong>{t(`status.${event.status}`)}</strong> <span className="muted">{formatClaimTime(event.at, locale, zone)}</span>
          </p>
          {event.note && <p className="claim-history__note claim-text">{event.note}</p>}
        </li>
      ))}
    </ol>
  );
}

/**
 * What happens next on the claim, each step with the day it is due, and who handles it with how
 * to reach them (issue 27). Nothing ahead (denied, paid, closed): only who to call.
 */
export function ClaimFollow({ claim }: { claim: ClaimView }) {
  const { t } = useTranslation('claims');
  const { locale } = useLocale();
  const { handler } = claim;
  return (
    <div className="claim-follow">
      {claim.nextSteps.length > 0 && (
        <>
          <h4 className="claim-card__subtitle">{t('follow.title')}</h4>
          <ol className="claim-follow__steps">
            {claim.nextSteps.map(({ step, by }) => (
              <li key={step}>
                {t(`follow.step.${stepWording(step, claim.status)}`)} <strong>{t('follow.by', { date: formatDay(by, locale) })}</strong>
              </li>
            ))}
          </ol>
          <p className="muted">{t('follow.why')}</p>
        </>
      )}
      <h4 className="claim-card__subtitle">{t('follow.handler')}</h4>
      {handler.kind === 'agent' ? (
        <p>
          {t('follow.agent', { name: handler.name })}
          <br />
          <a href={`tel:${handler.phone}`}>{t('follow.phone', { phone: handler.phone })}</a>
          <br />
          <a href={`mailto:${handler.email}`}>{t('follow.email', { email: handler.email })}</a>
        </p>
      ) : (
        <p>{t('follow.team')}</p>
      )}
      <p>
        <a href={`tel:${CLAIMS_PHONE}`}>{t('follow.always', { phone: CLAIMS_PHONE })}</a>
      </p>
    </div>
  );
}
