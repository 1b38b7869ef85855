// Today at Sunbeam for one child (issue 51; docs/decisions/0076): 'Arrived at 08:12', 'Collected by Ada
// Eze (aunt) at 16:40', live, on the child's page and card. The family's events of the centre's today
// (ChildDayPort: attendance where userRef == the parent), from this device's cache first; nothing is
// shown before the door has recorded anything, nor when the read fails (the page stays usable).
import { useEffect, useState } from 'react'
import { useParentScope } from '#parent/account/parent-scope-context'
import { centreDay, type StoredAttendanceEvent } from '#shared/records/attendance-record'
import { attendanceWords } from '#shared/records/attendance-words'

/** The centre's today, moving on at its midnight while the page stays open. */
function useCentreDay(): string {
  const [day, setDay] = useState(() => centreDay(Date.now()))
  useEffect(() => {
    const timer = setInterval(() => setDay(centreDay(Date.now())), 60_000)
    return () => clearInterval(timer)
  }, [])
  return day
}

/** This child's words for today, arrival first ([] before the door has recorded anything). */
export function useChildDay(kidId: string, userId: string): readonly string[] {
  const { backend } = useParentScope()
  const day = useCentreDay()
  const [events, setEvents] = useState<readonly StoredAttendanceEvent[]>([])
  useEffect(() => {
    setEvents([])
    return backend.childDay.watchChildDay(userId, day, setEvents, () => setEvents([]))
  }, [backend, userId, day])
  return events
    .filter((event) => event.kidId === kidId)
    .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'arrival' ? -1 : 1))
    .map((event) => attendanceWords(event))
}

/** The lines themselves, or nothing. */
export function ChildDay({ kidId, userId }: { readonly kidId: string; readonly userId: string }) {
  const words = useChildDay(kidId, userId)
  if (words.length === 0) return null
  return (
    // Spans: the card shows it inside its link (no block elements there).
    <span className="child-day">
      {words.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </span>
  )
}
