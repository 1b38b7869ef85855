// The enrolment file as the parent's screens read it: what this device keeps unsent (the outbox's job),
// else the server's file (from this device's cache first). Shared by the form's page and the prompt on
// the child's card and page.
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import { useParentScope } from '#parent/account/parent-scope-context'
import { useOutbox } from '#parent/outbox/outbox-context'
import type { QueuedEnrolment } from '#parent/outbox/outbox-db'
import type { StoredEnrolment } from '#shared/records/enrolment-record'

/** The server's file, live; undefined until the first answer, null when there is none (or no access). */
export function useEnrolmentFile(kidId: string, onServer: boolean): StoredEnrolment | null | undefined {
  const { backend, user } = useParentScope()
  const [file, setFile] = useState<StoredEnrolment | null | undefined>(onServer ? undefined : null)
  useEffect(() => {
    if (!onServer) return
    return backend.registrations.watchEnrolment(kidId, user.uid, (next) =>
      setFile(next === 'forbidden' ? null : next),
    )
  }, [backend, user.uid, kidId, onServer])
  return file
}

/** The file kept on this device, unsent or refused; undefined while the outbox answers. */
export function useQueuedEnrolment(kidId: string): QueuedEnrolment | null | undefined {
  const { enrolments } = useOutbox()
  return useLiveQuery(() => enrolments.rowOf(kidId), [enrolments, kidId])
}
