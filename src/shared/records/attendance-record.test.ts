import { describe, expect, it } from 'vitest'
import {
  type AttendanceEvent,
  attendanceEventId,
  CLOCK_OFF_MS,
  type Collector,
  centreDay,
  clockIsOff,
  clockOffsetMs,
  clockWarning,
  collectorMessages,
  eventTime,
  isPhone,
  newArrival,
  newCollection,
  parseAttendanceEvent,
  parseAttendanceEventId,
  storedAnswers,
  validateCollector,
  withinRulesBounds,
} from './attendance-record'

const KID = 'Kid0000000000000000A'
// 07:30 UTC on 6 December 2026: 08:30 in Uyo.
const MORNING = Date.UTC(2026, 11, 6, 7, 30)
const arrival = (overrides: Partial<AttendanceEvent> = {}) => ({
  ...newArrival({ kidId: KID, userRef: 'alice', recordedBy: 'sam', deviceAt: MORNING }),
  ...overrides,
})
const aunt: Collector = { from: 'file', name: 'Ada Eze', relation: 'Aunt', codeChecked: true }
const neighbour = (allowedBy: Extract<Collector, { from: 'other' }>['allowedBy']): Collector => ({
  from: 'other',
  name: 'Uche Okon',
  relation: 'Neighbour',
  phone: '+234 803 555 0199',
  allowedBy,
})

describe('the day and the id', () => {
  it('the day is the centre’s date: 23:30 UTC is already tomorrow in Uyo', () => {
    expect(centreDay(Date.UTC(2026, 11, 6, 22, 59))).toBe('2026-12-06')
    expect(centreDay(Date.UTC(2026, 11, 6, 23, 30))).toBe('2026-12-07')
    expect(centreDay(Date.UTC(2026, 11, 6, 23, 30), 'UTC')).toBe('2026-12-06')
  })

  it('the centre’s own day, reckoned without Intl, is the date Intl gives in Africa/Lagos', () => {
    const lagos = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos', dateStyle: 'short' })
    // Every 97 minutes through a year, so each hour of the day and both sides of midnight come round.
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 97 * 60_000)
      expect(centreDay(ms)).toBe(lagos.format(ms))
  })

  it('one id per child, day and kind, read back into its parts; other ids are not the app’s', () => {
    const id = attendanceEventId(KID, '2026-12-06', 'arrival')
    expect(id).toBe(`${KID}_2026-12-06_arrival`)
    expect(parseAttendanceEventId(id)).toEqual({ kidId: KID, day: '2026-12-06', kind: 'arrival' })
    expect(parseAttendanceEventId(`${KID}_2026-02-31_arrival`)).toBeNull()
    expect(parseAttendanceEventId(`${KID}_2026-12-06_lunch`)).toBeNull()
    expect(parseAttendanceEventId(`short_2026-12-06_arrival`)).toBeNull()
  })

  it('an arrival takes its day from the tap; a collection cleans its collector’s texts', () => {
    expect(arrival()).toEqual({
      kidId: KID,
      userRef: 'alice',
      recordedBy: 'sam',
      deviceAt: MORNING,
      day: '2026-12-06',
      kind: 'arrival',
      collector: null,
    })
    const collection = newCollection({
      kidId: KID,
      userRef: 'alice',
      recordedBy: 'sam',
      deviceAt: MORNING + 8 * 3_600_000,
      collector: { ...aunt, name: '  Ada\tEze ' },
    })
    expect(collection.kind).toBe('collection')
    expect(collection.collector).toEqual(aunt)
  })
})

describe('who collected', () => {
  it('a person from the file needs a name and a relation', () => {
    expect(validateCollector(aunt)).toEqual({})
    expect(validateCollector({ ...aunt, name: '' })).toEqual({ name: collectorMessages.name })
    expect(validateCollector({ ...aunt, relation: ' ' })).toEqual({ relation: collectorMessages.relation })
    expect(validateCollector({ ...aunt, name: 'A'.repeat(81) })).toEqual({
      name: 'Name must be at most 80 characters',
    })
    expect(validateCollector({ ...aunt, name: 'A'.repeat(80) })).toEqual({})
  })

  it('someone else needs a phone that can be called and the parent’s permission', () => {
    const called = neighbour({ how: 'call', name: 'Ngozi Obi', phone: '0802 555 0101' })
    expect(validateCollector(called)).toEqual({})
    expect(validateCollector(neighbour({ how: 'message', messageId: 'M'.repeat(20) }))).toEqual({})
    expect(validateCollector({ ...called, phone: '' } as Collector)).toEqual({
      phone: collectorMessages.phone,
    })
    expect(validateCollector({ ...called, phone: 'call me' } as Collector)).toEqual({
      phone: collectorMessages.phoneShape,
    })
    expect(validateCollector(neighbour({ how: 'call', name: '', phone: '12' }))).toEqual({
      'allowedBy.name': collectorMessages.allowedByName,
      'allowedBy.phone': collectorMessages.phoneShape,
    })
    expect(validateCollector(neighbour({ how: 'message', messageId: 'nope' }))).toEqual({
      allowedBy: collectorMessages.allowedBy,
    })
  })

  it('a phone is digits, spaces and + - ( ), at least seven digits', () => {
    expect(isPhone('+234 (803) 555-0199')).toBe(true)
    expect(isPhone('1234567')).toBe(true)
    expect(isPhone('123456')).toBe(false)
    expect(isPhone('+++ --- (((')).toBe(false)
    expect(isPhone('0803 555 0199 ext 2')).toBe(false)
  })
})

describe('the clock', () => {
  const sent = (deviceAt: number, sentAt: number | null, serverAt: number | null) => ({
    deviceAt,
    sentAt,
    serverAt,
  })

  it('an event that waited offline all morning is not a wrong clock: only sending counts', () => {
    const waited = sent(MORNING, MORNING + 4 * 3_600_000, MORNING + 4 * 3_600_000 + 800)
    expect(clockOffsetMs(waited)).toBe(800)
    expect(clockIsOff(waited)).toBe(false)
    expect(eventTime(waited)).toBe(MORNING)
  })

  it('a clock more than 10 minutes off is shown, and the time is corrected by it', () => {
    const slow = sent(MORNING, MORNING + 60_000, MORNING + 60_000 + CLOCK_OFF_MS + 1)
    expect(clockIsOff(slow)).toBe(true)
    expect(eventTime(slow)).toBe(MORNING + CLOCK_OFF_MS + 1)
    const fast = sent(MORNING, MORNING, MORNING - 3_600_000)
    expect(clockIsOff(fast)).toBe(true)
    expect(eventTime(fast)).toBe(MORNING - 3_600_000)
    const exactlyTen = sent(MORNING, MORNING, MORNING + CLOCK_OFF_MS)
    expect(clockIsOff(exactlyTen)).toBe(false)
  })

  it('nothing is said while the server’s time is not known', () => {
    expect(clockOffsetMs(sent(MORNING, MORNING, null))).toBeNull()
    expect(clockIsOff(sent(MORNING, null, MORNING + 3_600_000))).toBe(false)
    expect(eventTime(sent(MORNING, null, null))).toBe(MORNING)
  })
})

describe('what the door says and keeps', () => {
  it('warns of a clock more than 10 minutes off, in words, slow or fast', () => {
    expect(clockWarning(null)).toBeNull()
    expect(clockWarning(CLOCK_OFF_MS)).toBeNull()
    expect(clockWarning(-CLOCK_OFF_MS)).toBeNull()
    expect(clockWarning(12 * 60_000)).toBe(
      'This device’s clock is 12 minutes slow. Times recorded here are corrected when they reach the server; please set the right time.',
    )
    expect(clockWarning(-3 * 3_600_000)).toMatch(/^This device’s clock is 3 hours fast\./)
    expect(clockWarning(400 * 86_400_000)).toMatch(/^This device’s clock is 400 days slow\./)
  })

  it('knows which events the rules still take: a week back to tomorrow, a clock a day ahead at most', () => {
    // 12:00 in Uyo on 6 December 2026.
    const noon = Date.UTC(2026, 11, 6, 11)
    const tapped = (day: string, deviceAt = noon) => ({ day, deviceAt })
    expect(withinRulesBounds(tapped('2026-12-06'), noon)).toBe(true)
    expect(withinRulesBounds(tapped('2026-11-29', noon - 7 * 86_400_000), noon)).toBe(true)
    expect(withinRulesBounds(tapped('2026-11-28', noon - 8 * 86_400_000 + 60_000), noon)).toBe(false)
    expect(withinRulesBounds(tapped('2026-12-07'), noon)).toBe(true)
    expect(withinRulesBounds(tapped('2026-12-08'), noon)).toBe(false)
    expect(withinRulesBounds(tapped('2026-12-06', noon + 86_400_000), noon)).toBe(false)
    expect(withinRulesBounds(tapped('2026-12-06', noon - 8 * 86_400_000), noon)).toBe(false)
    expect(withinRulesBounds(tapped('2026-02-31'), noon)).toBe(false)
  })
})

describe('a second write of the same fact', () => {
  it('this device’s own earlier write, or another device first: done', () => {
    expect(storedAnswers(arrival(), arrival())).toBe('this')
    expect(storedAnswers(arrival(), arrival({ recordedBy: 'tobi', deviceAt: MORNING - 5_000 }))).toBe('same')
  })

  it('a collection by the same person is the same fact; by someone else it differs', () => {
    const collection = (collector: Collector, recordedBy = 'sam') =>
      newCollection({ kidId: KID, userRef: 'alice', recordedBy, deviceAt: MORNING, collector })
    expect(storedAnswers(collection(aunt), collection({ ...aunt, name: 'ada eze' }, 'tobi'))).toBe('same')
    expect(storedAnswers(collection(aunt), collection({ ...aunt, name: 'Obi Eze' }, 'tobi'))).toBe('differs')
    expect(
      storedAnswers(collection(aunt), collection(neighbour({ how: 'message', messageId: 'M'.repeat(20) }))),
    ).toBe('differs')
  })
})

describe('reading what is stored', () => {
  const id = attendanceEventId(KID, '2026-12-06', 'collection')
  const times = { deviceAt: MORNING, sentAt: MORNING + 1_000, serverAt: MORNING + 1_500 }
  const data = {
    kidId: KID,
    userRef: 'alice',
    day: '2026-12-06',
    kind: 'collection',
    recordedBy: 'sam',
    collector: aunt,
  }

  it('reads a collection as written', () => {
    expect(parseAttendanceEvent(id, data, times)).toEqual({ id, ...data, ...times })
  })

  it('refuses what the app never writes: another id, a collection without collector, no device time', () => {
    expect(parseAttendanceEvent(attendanceEventId(KID, '2026-12-05', 'collection'), data, times)).toBeNull()
    expect(parseAttendanceEvent(id, { ...data, collector: null }, times)).toBeNull()
    expect(parseAttendanceEvent(id, { ...data, collector: { from: 'other', name: 'X' } }, times)).toBeNull()
    expect(parseAttendanceEvent(id, data, { ...times, deviceAt: null })).toBeNull()
    expect(parseAttendanceEvent(id, null, times)).toBeNull()
  })
})
