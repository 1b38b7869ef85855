// "Place confirmed from {date}" / "On the waiting list" on a parent's card and child page: the centre's
// decision in registrations/{kidId}, followed live (a decision taken at the centre shows without a
// reload). Nothing is said while the centre has not decided. Followed only once the child is on the
// server: until then the rules refuse (they check the child's owner), and a refused listener is closed
// for good, so a refusal is tried again a little later (a save may just be on its way).
import { useEffect, useState } from 'react'
import type { Registration } from '#shared/records/registration-record'
import { registrationText } from '#shared/records/registration-record'
import { useOutbox } from './outbox/outbox-context'
// In the one stylesheet every page inlines, as the parent area's other styles (decision 0003); an
// inline <style> of its own would need a hash in the Content-Security-Policy (decision 0010).
import './registration-status.css'

const RETRY_MS = [2_000, 5_000, 15_000, 60_000]

export function useRegistration(kidId: string, onServer: boolean): Registration | null {
  const { backend } = useOutbox()
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

export function RegistrationStatus({
  kidId,
  onServer,
}: {
  readonly kidId: string
  readonly onServer: boolean
}) {
  const registration = useRegistration(kidId, onServer)
  const text = registrationText(registration)
  if (!text || !registration) return null
  return <span className={`registration-status registration-status--${registration.state}`}>{text}</span>
}
