// Where a child stands with the centre, in words, on a parent's card and child page: 'Place offered from
// {date}: reply by {date}', 'On the waiting list since {date}', 'Place confirmed from {date}', 'Withdrawn'
// (src/shared/records/enrolment-standing.ts). The centre's record (registrations/{kidId}) is followed
// live; the parent's reply counts from the moment it is kept on this device (the outbox sends it,
// exactly once, when online). Nothing is said while the centre has not decided. Followed only once the
// child is on the server: until then the rules refuse (they check the child's owner), and a refused
// listener is closed for good, so a refusal is tried again a little later (a save may just be on its way).
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import { useParentScope } from '#parent/account/parent-scope-context'
import { useOutbox } from '#parent/outbox/outbox-context'
import type { QueuedReply } from '#parent/outbox/outbox-db'
import { replyId } from '#parent/outbox/reply-sender'
import { type Standing, standingOf, standingText } from '#shared/records/enrolment-standing'
import { openQuestion, type Registration } from '#shared/records/registration-record'
import type { Reply } from '#shared/records/reply-record'
// In the one stylesheet every page inlines, as the parent area's other styles (decision 0003); an
// inline <style> of its own would need a hash in the Content-Security-Policy (decision 0010).
import './registration-status.css'

const RETRY_MS = [2_000, 5_000, 15_000, 60_000]

export function useRegistration(kidId: string, onServer: boolean): Registration | null {
  const { backend } = useParentScope()
  const [registration, setRegistration] = useState<Registration | null>(null)
  useEffect(() => {
    if (!onServer) return
    let stop: (() => void) | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    let tries = 0
    const follow = () => {
      stop = backend.registrations.watch(kidId, (next) => {
        if (next !== 'forbidden') {
          setRegistration(next)
          return
        }
        const wait = RETRY_MS[tries++]
        if (wait !== undefined) timer = setTimeout(follow, wait)
      })
    }
    follow()
    return () => {
      clearTimeout(timer)
      stop?.()
    }
  }, [backend, kidId, onServer])
  return registration
}

/** The server's reply to the open question, live. */
function useServerReply(kidId: string, questionId: string | null): Reply | null {
  const { backend } = useParentScope()
  const [reply, setReply] = useState<{ readonly questionId: string; readonly reply: Reply | null } | null>(
    null,
  )
  useEffect(() => {
    if (!questionId) return
    return backend.registrations.watchReply(kidId, questionId, (next) =>
      setReply({ questionId, reply: next }),
    )
  }, [backend, kidId, questionId])
  return reply && reply.questionId === questionId ? reply.reply : null
}

export interface KidStanding {
  readonly registration: Registration | null
  readonly standing: Standing
  /** The reply kept on this device for the open question (queued, sent and not yet shown, or refused). */
  readonly local: QueuedReply | null
  /** Replies of this child the server refused (an offer that lapsed meanwhile), to say why. */
  readonly refused: readonly QueuedReply[]
}

export function useStanding(kidId: string, onServer: boolean): KidStanding {
  const { replies } = useOutbox()
  const registration = useRegistration(kidId, onServer)
  const questionId = openQuestion(registration)
  const server = useServerReply(kidId, questionId)
  const rows = useLiveQuery(() => replies.rowsOf(kidId), [replies, kidId]) ?? []
  const local = (questionId && rows.find((row) => row.id === replyId(kidId, questionId))) || null
  const refused = rows.filter((row) => row.state === 'refused')
  // The server's reply once this device's listener shows it; until then the one kept here (queued, or
  // sent and taken: the server stores a reply once and never changes it).
  const reply = server ?? (local && local.state !== 'refused' ? local.reply : null)
  const shownSent = server !== null && local?.state === 'sent' ? local.id : null
  useEffect(() => {
    if (shownSent) void replies.dismiss(shownSent)
  }, [replies, shownSent])
  return { registration, standing: standingOf(registration, reply, Date.now()), local, refused }
}

export function StandingBadge({ standing }: { readonly standing: Standing }) {
  const text = standingText(standing)
  if (!text) return null
  return <span className={`registration-status registration-status--${standing.kind}`}>{text}</span>
}
