import { describe, expect, it } from 'vitest'
import type { RegisterMonth } from '#shared/backend/attendance-ports'
import {
  type AttendanceEvent,
  attendanceEventId,
  newArrival,
  newCollection,
  type StoredAttendanceEvent,
} from '#shared/records/attendance-record'
import { BOM, monthWords, REGISTER_COLUMNS, registerCsv, registerMonths, registerRows } from './register-csv'

const AMARA = 'a'.repeat(20)
const BOLA = 'b'.repeat(20)
// 2026-12-07 at the centre (UTC+1).
const at = (hours: number, minutes = 0, day = 7) => Date.UTC(2026, 11, day, hours - 1, minutes)

function stored(event: AttendanceEvent, offset = 2_000): StoredAttendanceEvent {
  return {
    ...event,
    id: attendanceEventId(event.kidId, event.day, event.kind),
    sentAt: event.deviceAt,
    serverAt: event.deviceAt + offset,
  }
}

const arrival = (kidId: string, ms: number, recordedBy = 'sam') =>
  stored(newArrival({ kidId, userRef: 'parent-1', recordedBy, deviceAt: ms }))

function month(events: StoredAttendanceEvent[]): RegisterMonth {
  return {
    events,
    kidNames: new Map([
      [AMARA, 'Amara Obi'],
      [BOLA, 'Bola Eze'],
    ]),
    staffNames: new Map([['sam', 'Sam Staff']]),
  }
}

/** The CSV's cells, unquoted (every field is quoted, none here holds a quote). */
const cells = (line: string) => line.slice(1, -1).split('","')

describe('the register as CSV', () => {
  it('makes one row per child per day, by date then name, in the screen’s words and the centre’s time', () => {
    const rows = registerRows(
      month([
        arrival(BOLA, at(8, 5)),
        stored(
          newCollection({
            kidId: BOLA,
            userRef: 'parent-1',
            recordedBy: 'tobi',
            deviceAt: at(16, 40),
            collector: { from: 'file', name: 'Ada Eze', relation: 'Aunt', codeChecked: true },
          }),
        ),
        arrival(AMARA, at(8, 12)),
        arrival(AMARA, at(7, 55, 4)),
      ]),
    )
    expect(rows).toEqual([
      ['2026-12-04', 'Amara Obi', '07:55', 'Sam Staff', '', '', '', '', '', '', '', ''],
      ['2026-12-07', 'Amara Obi', '08:12', 'Sam Staff', '', '', '', '', '', '', '', ''],
      // A recorder with no account record is named by the account's id.
      [
        '2026-12-07',
        'Bola Eze',
        '08:05',
        'Sam Staff',
        '16:40',
        'Ada Eze',
        'Aunt',
        'Yes',
        'Yes',
        '',
        'Account tobi',
        '',
      ],
    ])
    expect(rows[0]).toHaveLength(REGISTER_COLUMNS.length)
  })

  it('says who allowed someone else, and which time a wrong clock corrected', () => {
    const collected = (how: 'message' | 'call') =>
      stored(
        newCollection({
          kidId: AMARA,
          userRef: 'parent-1',
          recordedBy: 'sam',
          deviceAt: at(16),
          collector: {
            from: 'other',
            name: 'Ngozi Eze',
            relation: 'Neighbour',
            phone: '0803 555 0199',
            allowedBy:
              how === 'message'
                ? { how: 'message', messageId: 'm'.repeat(20) }
                : { how: 'call', name: 'Ada Obi', phone: '+234 802 555 0101' },
          },
        }),
        // The door's clock 30 minutes slow: the time is corrected by it.
        30 * 60_000,
      )
    const [byCall] = registerRows(month([arrival(AMARA, at(8)), collected('call')]))
    expect(byCall?.slice(4)).toEqual([
      '16:30',
      'Ngozi Eze',
      'Neighbour',
      'No, someone else',
      '',
      'Ada Obi on the phone (+234 802 555 0101)',
      'Sam Staff',
      'Collection',
    ])
    const [byMessage] = registerRows(month([arrival(AMARA, at(8), 'sam'), collected('message')]))
    expect(byMessage?.[9]).toBe('The parent’s message')
  })

  it('writes a BOM, the header, CRLF lines, quoted and formula-guarded fields', () => {
    const register = month([arrival(AMARA, at(8, 12))])
    const text = registerCsv({
      ...register,
      kidNames: new Map([[AMARA, '=HYPERLINK("http://x.test","Amara, "the star"")\nline']]),
      staffNames: new Map([['sam', '@Sam']]),
    })
    expect(text.startsWith(BOM)).toBe(true)
    const lines = text.slice(BOM.length).split('\r\n')
    expect(lines.at(-1)).toBe('')
    expect(cells(lines[0] ?? '')).toEqual([...REGISTER_COLUMNS])
    // The name's formula is guarded, its quotes doubled, its comma and line break kept inside quotes.
    expect(lines[1]).toBe(
      `"2026-12-07","'=HYPERLINK(""http://x.test"",""Amara, ""the star"""")\nline","08:12","'@Sam","","","","","","","",""`,
    )
  })

  it('names a child no longer listed rather than leave the cell empty', () => {
    const [row] = registerRows({ ...month([arrival(AMARA, at(8))]), kidNames: new Map() })
    expect(row?.[1]).toBe('A child no longer listed')
  })

  it('offers this month and the months kept, newest first', () => {
    expect(registerMonths('2027-02-10', 3)).toEqual(['2027-02', '2027-01', '2026-12', '2026-11'])
    expect(monthWords('2026-12')).toBe('December 2026')
  })
})
