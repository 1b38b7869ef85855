// On the child's card and page once the place is accepted or confirmed: 'Fill in the enrolment file
// (3 items missing)', a link to the form, or that the file is complete. Nothing before a place is the
// family's: a record from before, or an open offer, asks for no file (issue 35).
import { Link } from '@tanstack/react-router'
import { enrolmentMissing, missingCountText } from '#shared/records/enrolment-record'
import { useEnrolmentFile, useQueuedEnrolment } from './enrolment-data'
import { useStanding } from './registration-status'

export function EnrolmentPrompt({
  kidId,
  kidName,
  onServer,
}: {
  readonly kidId: string
  readonly kidName: string
  readonly onServer: boolean
}) {
  const { standing } = useStanding(kidId, onServer)
  const server = useEnrolmentFile(kidId, onServer)
  const local = useQueuedEnrolment(kidId)
  if (standing.kind !== 'accepted' && standing.kind !== 'confirmed') return null
  if (server === undefined || local === undefined) return null
  const missing = enrolmentMissing(local?.fields ?? server).length
  return (
    <Link to="/kid/$kidId/enrolment" params={{ kidId }} className="enrolment-prompt">
      {missing === 0 ? 'Enrolment file: complete' : 'Fill in the enrolment file'}
      <span className="visually-hidden"> for {kidName}</span>
      <span className="enrolment-prompt-count"> ({missingCountText(missing)})</span>
    </Link>
  )
}
