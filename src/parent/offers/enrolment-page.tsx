// /kid/{kidId}/enrolment: the enrolment file, once the family has accepted a place (or the centre has
// confirmed it): what the centre needs before the first day (docs/decisions/0032-enrolment-file.md).
// The form starts from what this device keeps unsent, else the server's file, else nothing; a save is
// kept on the device and sent by the outbox (enrolment-kind.ts), offline too.
import { Link } from '@tanstack/react-router'
import { kidMessages } from '#parent/children/kid-messages'
import { KidLoader } from '#parent/children/kid-status'
import { useKidLookup } from '#parent/children/use-kid-lookup'
import { useOutbox } from '#parent/outbox/outbox-context'
import { enrolmentFieldsOf } from '#shared/records/enrolment-record'
import { useEnrolmentFile, useQueuedEnrolment } from './enrolment-data'
import { EnrolmentForm } from './enrolment-form'
import { useStanding } from './registration-status'
import '#parent/children/kids.css'
// A file of its own, not part of the one stylesheet every page inlines (vite.config.ts: cssCodeSplit
// false): the marketing pages do not carry the form's styles. React holds the page until it has loaded.
import enrolmentCssUrl from './enrolment.css?url'

export function EnrolmentPage({ kidId, userId }: { readonly kidId: string; readonly userId: string }) {
  const lookup = useKidLookup(kidId, userId, kidMessages.missing)
  return (
    <>
      {/* Vitest's stand-in for a `?url` import is '': no <link href=""> (React warns at it). */}
      {enrolmentCssUrl && <link rel="stylesheet" href={enrolmentCssUrl} precedence="default" />}
      {lookup.state === 'ready' ? (
        <EnrolmentFile
          kidId={kidId}
          userId={userId}
          kidName={lookup.kid.fields.kidName}
          onServer={lookup.kid.stored !== null}
        />
      ) : (
        <KidLoader label="Loading child…" />
      )}
    </>
  )
}

function EnrolmentFile({
  kidId,
  userId,
  kidName,
  onServer,
}: {
  readonly kidId: string
  readonly userId: string
  readonly kidName: string
  readonly onServer: boolean
}) {
  const { enrolments, codes } = useOutbox()
  const { standing } = useStanding(kidId, onServer)
  const server = useEnrolmentFile(kidId, onServer)
  // undefined while Dexie answers; null: nothing kept on this device.
  const local = useQueuedEnrolment(kidId)
  const open = standing.kind === 'accepted' || standing.kind === 'confirmed'
  const back = (
    <Link to="/kid/$kidId" params={{ kidId }} className="button button--ghost">
      Back to {kidName}
    </Link>
  )
  if (local === undefined || server === undefined) return <KidLoader label="Loading the enrolment file…" />
  const saved = local ? local.fields : server ? enrolmentFieldsOf(server) : null
  return (
    <div className="kid-page enrolment-page">
      <h1>Enrolment file for {kidName}</h1>
      <p className="kid-hint">
        What the centre needs before the first day. Save it unfinished if you like: it is kept on this device
        and sent when you are online.
      </p>
      {local?.state === 'refused' && (
        <div className="notice offer-refused" role="alert">
          <p>
            <strong>The centre could not take this file.</strong> It can be filled in only while your place is
            accepted or confirmed; your child’s place has changed since.
          </p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void enrolments.dismiss(kidId)}
          >
            OK
          </button>
        </div>
      )}
      {local?.state === 'queued' && (
        <p className="kid-hint" role="status">
          Your last save is kept on this device and will be sent when you are online.
        </p>
      )}
      {open || saved ? (
        <EnrolmentForm
          // Mounted once both answers are known, and kept while the parent types and saves.
          key="file"
          kidName={kidName}
          userId={userId}
          saved={saved}
          onSave={async (fields, picked) => {
            await enrolments.save(userId, kidId, fields, picked)
            // A person added gets a collection code, a person removed loses theirs (decision 0079). Made
            // after the save (the file is kept first), hashed off the click's frame.
            void codes
              .follow(userId, kidId, fields.collectors)
              .catch((error: unknown) => console.warn('The collection codes could not be made', error))
          }}
        />
      ) : (
        <p className="notice">The enrolment file opens once you have accepted a place for {kidName}.</p>
      )}
      <div className="kid-detail-actions">{back}</div>
    </div>
  )
}
