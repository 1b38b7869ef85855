// The register (issue 51; docs/decisions/0078-the-register.md): a month's arrivals and collections as a
// CSV for the centre's spreadsheet. One row per child per day, as a paper sign-in book reads: when the
// child came, when and with whom they left, who at the door recorded each; a day with an arrival and no
// collection shows its empty cells. Times are the centre's clock (eventTime: a door's clock more than 10
// minutes off is corrected, and the row says so). Pure: unit-tested.

import { csvField } from '#centre/registrations-view'
import type { RegisterMonth } from '#shared/backend/attendance-ports'
import { clockIsOff, eventTime, type StoredAttendanceEvent } from '#shared/records/attendance-record'
import { addMonths } from '#shared/records/day-settings'
import { centreTime } from './today-view'

export const REGISTER_COLUMNS = [
  'Date',
  'Child',
  'Arrived at',
  'Arrival recorded by',
  'Collected at',
  'Collected by',
  'Relation',
  'On the list',
  'Code checked',
  'Allowed by',
  'Collection recorded by',
  'Time corrected',
] as const

/** A UTF-8 byte order mark: without it Excel reads the file as the computer's old code page. */
export const BOM = '\uFEFF'

/** A member of staff as the register names them: their account's name, or the account's id. */
function staffName(uid: string, names: ReadonlyMap<string, string>): string {
  return names.get(uid) || `Account ${uid}`
}

function collectorCells(event: StoredAttendanceEvent | undefined): string[] {
  const who = event?.collector
  if (!who) return ['', '', '', '', '']
  if (who.from === 'file') return [who.name, who.relation, 'Yes', who.codeChecked ? 'Yes' : 'No', '']
  const allowed =
    who.allowedBy.how === 'message'
      ? 'The parent’s message'
      : `${who.allowedBy.name} on the phone (${who.allowedBy.phone})`
  return [who.name, who.relation, 'No, someone else', '', allowed]
}

function corrected(
  arrival: StoredAttendanceEvent | undefined,
  collection: StoredAttendanceEvent | undefined,
) {
  const a = arrival !== undefined && clockIsOff(arrival)
  const c = collection !== undefined && clockIsOff(collection)
  return a && c ? 'Arrival and collection' : a ? 'Arrival' : c ? 'Collection' : ''
}

/** The month's rows, by date then child's name; every cell in the screen's words. */
export function registerRows(register: RegisterMonth): string[][] {
  const days = new Map<string, { arrival?: StoredAttendanceEvent; collection?: StoredAttendanceEvent }>()
  for (const event of register.events) {
    const key = `${event.day}|${event.kidId}`
    days.set(key, { ...days.get(key), [event.kind]: event })
  }
  const childName = (kidId: string) => register.kidNames.get(kidId) || 'A child no longer listed'
  return [...days.entries()]
    .map(([key, { arrival, collection }]) => {
      const [day = '', kidId = ''] = key.split('|')
      return [
        day,
        childName(kidId),
        arrival ? centreTime(eventTime(arrival)) : '',
        arrival ? staffName(arrival.recordedBy, register.staffNames) : '',
        collection ? centreTime(eventTime(collection)) : '',
        ...collectorCells(collection),
        collection ? staffName(collection.recordedBy, register.staffNames) : '',
        corrected(arrival, collection),
      ]
    })
    .sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? '') || (a[1] ?? '').localeCompare(b[1] ?? ''))
}

/**
 * The month as a CSV file's text: a BOM, a header in the screen's words, CRLF line ends, every field
 * quoted and guarded against formulas (csvField, as the registrations' export).
 */
export function registerCsv(register: RegisterMonth): string {
  const lines = [REGISTER_COLUMNS as readonly string[], ...registerRows(register)].map((cells) =>
    cells.map((cell) => csvField(cell)).join(','),
  )
  return `${BOM}${lines.join('\r\n')}\r\n`
}

/** The months staff may download: this one and those the register still keeps, newest first. */
export function registerMonths(today: string, keptMonths: number): string[] {
  const now = today.slice(0, 7)
  return Array.from({ length: keptMonths + 1 }, (_, back) => addMonths(now, -back))
}

/** 'December 2026'. */
export function monthWords(month: string): string {
  return new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
}

export function registerFileName(month: string): string {
  return `sunbeam-register-${month}.csv`
}
