// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { parseRegistration, type Registration } from '#shared/records/registration-record'
import { type Change, type EnrolmentRecords, planChange, runEnrolmentSchedule } from './enrolment-schedule'

const DAY = 86_400_000
const OFFER = 'o'.repeat(20)
const ASK = 'q'.repeat(20)
const decidedAt = Date.parse('2026-09-01T10:00:00Z')

function record(fields: Record<string, unknown>, askedAt: number | null = null): Registration {
  const parsed = parseRegistration({ decidedBy: 'sam', ...fields }, decidedAt, null, askedAt)
  if (!parsed) throw new Error('not a record')
  return parsed
}
const offered = record({
  state: 'offered',
  startDate: '2026-10-05',
  replyBy: '2026-09-08',
  offerId: OFFER,
  waitingSince: '2026-06-01',
})
const noReply = () => false
const endOfReplyBy = Date.parse('2026-09-08T23:00:00Z')

/** An in-memory EnrolmentRecords: records and replies by child. */
function fakeRecords(entries: Record<string, Registration>, replied: Record<string, string[]> = {}) {
  const store = new Map(Object.entries(entries))
  const records: EnrolmentRecords = {
    async open() {
      return [...store].flatMap(([kidId, registration]) =>
        registration.state === 'offered' || registration.state === 'waitlisted'
          ? [{ kidId, registration }]
          : [],
      )
    },
    async hasReply(kidId, questionId) {
      return (replied[kidId] ?? []).includes(questionId)
    },
    async apply(kidId, plan) {
      const current = store.get(kidId)
      if (!current) return null
      const change: Change | null = plan(current, (id) => (replied[kidId] ?? []).includes(id))
      if (change) {
        const merged = { ...current, decidedBy: 'x' } as Record<string, unknown>
        for (const [key, value] of Object.entries(change.fields)) merged[key] = value
        const askedAt = typeof merged.askedAt === 'number' ? merged.askedAt : null
        const next = parseRegistration(merged, merged.decidedAt as number, null, askedAt)
        if (!next) throw new Error(`the change left an invalid record: ${JSON.stringify(merged)}`)
        store.set(kidId, next)
      }
      return change
    },
  }
  return { records, store }
}

describe('offers lapse at the end of their reply-by date', () => {
  it('not before midnight at the centre after the reply-by date', () => {
    expect(planChange(offered, noReply, endOfReplyBy - 1)).toBeNull()
    expect(planChange(offered, noReply, endOfReplyBy)).toEqual({
      kind: 'lapse',
      fields: {
        state: 'waitlisted',
        startDate: null,
        replyBy: null,
        offerId: null,
        waitingSince: '2026-06-01',
        lapsedOn: '2026-09-08',
        decidedBy: 'sunbeam-schedule',
        decidedAt: endOfReplyBy,
      },
    })
  })

  it('an answered offer (accepted or declined) never lapses', () => {
    expect(planChange(offered, (id) => id === OFFER, endOfReplyBy + 30 * DAY)).toBeNull()
  })

  it('confirmed, declined and withdrawn records are left alone', () => {
    for (const fields of [
      { state: 'confirmed', startDate: '2026-10-05' },
      { state: 'declined', startDate: null, reason: 'Full' },
      { state: 'withdrawn', startDate: null },
    ])
      expect(planChange(record(fields), noReply, endOfReplyBy + 400 * DAY)).toBeNull()
  })
})

describe("'Still interested?' every 90 days, 14 days to answer", () => {
  const waiting = record({ state: 'waitlisted', startDate: null, waitingSince: '2026-09-01' })

  it('is asked 90 days after the centre last decided, not before', () => {
    expect(planChange(waiting, noReply, decidedAt + 90 * DAY - 1)).toBeNull()
    expect(planChange(waiting, noReply, decidedAt + 90 * DAY, () => ASK)).toEqual({
      kind: 'ask',
      fields: {
        askId: ASK,
        askedAt: decidedAt + 90 * DAY,
        decidedBy: 'sunbeam-schedule',
        decidedAt: decidedAt + 90 * DAY,
      },
    })
  })

  it('a yes closes the question and the 90 days start again; no answer in 14 days withdraws', () => {
    const askedAt = decidedAt + 90 * DAY
    const asked = record(
      { state: 'waitlisted', startDate: null, waitingSince: '2026-09-01', askId: ASK },
      askedAt,
    )
    expect(planChange(asked, noReply, askedAt + 14 * DAY - 1)).toBeNull()
    expect(planChange(asked, noReply, askedAt + 14 * DAY)).toMatchObject({
      kind: 'withdraw',
      fields: { state: 'withdrawn', askId: null, askedAt: null },
    })
    expect(planChange(asked, (id) => id === ASK, askedAt + 3 * DAY)).toMatchObject({
      kind: 'still-interested',
      fields: { askId: null, askedAt: null, decidedAt: askedAt + 3 * DAY },
    })
  })
})

describe('a run', () => {
  it('lapses, asks and withdraws each record once: a second run changes nothing', async () => {
    const now = Date.parse('2026-12-20T02:00:00Z')
    const { records, store } = fakeRecords(
      {
        lapses: offered,
        waits: record({ state: 'waitlisted', startDate: null, waitingSince: '2026-09-01' }),
        answered: offered,
        confirmed: record({ state: 'confirmed', startDate: '2026-10-05' }),
      },
      { answered: [OFFER] },
    )
    expect(await runEnrolmentSchedule(records, now)).toEqual({
      lapsed: ['lapses'],
      asked: ['waits'],
      stillInterested: [],
      withdrawn: [],
    })
    expect(store.get('lapses')).toMatchObject({
      state: 'waitlisted',
      lapsedOn: '2026-09-08',
      waitingSince: '2026-06-01',
    })
    expect(store.get('answered')).toMatchObject({ state: 'offered' })
    expect(await runEnrolmentSchedule(records, now)).toEqual({
      lapsed: [],
      asked: [],
      stillInterested: [],
      withdrawn: [],
    })
    // 14 days on, nobody answered the question: withdrawn.
    const later = await runEnrolmentSchedule(records, now + 14 * DAY)
    expect(later.withdrawn).toEqual(['waits'])
    expect(store.get('waits')).toMatchObject({ state: 'withdrawn', waitingSince: '2026-09-01', askId: null })
  })
})
