// /kid/{kidId}: the child's photos and labelled lines. A child still in the outbox is
// shown from the device, photos included; a missing child, or another parent's, is 'Child does not exist'.
import { Link } from '@tanstack/react-router'
import { OfferAnswer } from '#parent/offers/offer-answer'
import { kidAgeText } from '#shared/records/kid-age'
import { ChildDay } from './child-day'
import { CollectionCodes } from './collection-codes'
import { KidCarousel } from './kid-carousel'
import { kidMessages } from './kid-messages'
import { KidLoader, KidStatusBadge, statusText } from './kid-status'
import { formatPlan, formatYears } from './kids-view'
import { TellTheCentre } from './tell-the-centre'
import { useKidLookup } from './use-kid-lookup'
import './kids.css'

export interface KidDetailPageProps {
  readonly kidId: string
  readonly userId: string
}

export function KidDetailPage({ kidId, userId }: KidDetailPageProps) {
  // Another parent's child reads as missing: the detail never says whose it is.
  const lookup = useKidLookup(kidId, userId, kidMessages.missing)
  if (lookup.state !== 'ready') return <KidLoader label="Loading child…" />
  const { kid } = lookup
  const { fields } = kid
  const lines: readonly (readonly [string, string])[] = [
    ['Child Name', fields.kidName],
    ['Gender', fields.kidGender],
    // With its unit ('18 months', '2 years 3 months'); an older record's text as written (kid-age.ts).
    ['Age', kidAgeText(fields)],
    ['Parent Name', fields.parentName],
    ['Parent Age', formatYears(fields.parentAge)],
    ['Parent Phone', fields.parentPhone],
    ['Plan', formatPlan(fields.plan)],
    ['Address', fields.address],
  ]
  return (
    <div className="kid-page kid-detail">
      <div className="kid-detail-head">
        <h1>{fields.kidName}</h1>
        <KidStatusBadge status={kid.status} />
      </div>
      {kid.status !== 'saved' && (
        <p className="kid-hint">
          {kid.status === 'waiting'
            ? `${statusText.waiting}: these photos are on this device until they are uploaded.`
            : `${statusText.failed}: ${kidMessages.failedHint}`}
        </p>
      )}
      <ChildDay kidId={kidId} userId={userId} />
      <OfferAnswer kidId={kidId} kidName={fields.kidName} userId={userId} onServer={kid.stored !== null} />
      <TellTheCentre kidId={kidId} userId={userId} onServer={kid.stored !== null} />
      <CollectionCodes
        kidId={kidId}
        userId={userId}
        kidName={fields.kidName}
        onServer={kid.stored !== null}
      />
      <KidCarousel photos={kid.photos} name={fields.kidName} />
      <dl className="kid-lines">
        {lines.map(([label, value]) => (
          <div key={label} className="kid-line">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="kid-detail-actions">
        <Link to="/edit-kid/$kidId" params={{ kidId }} className="button button--primary">
          Edit child
        </Link>
        <Link to="/profile" className="button button--ghost">
          Back to profile
        </Link>
      </div>
    </div>
  )
}
