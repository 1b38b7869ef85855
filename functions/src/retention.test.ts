// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { RETENTION_NOTICE_DAYS } from '#shared/records/retention-settings'
import { type EndedPlace, planRetention, type RetentionStore, retentionText, runRetention } from './retention'

const DAY = 86_400_000
const now = Date.parse('2027-06-01T00:05:00Z')
const place = (overrides: Partial<EndedPlace> = {}): EndedPlace => ({
  kidId: 'kid1',
  userRef: 'parent1',
  kidName: 'Amara',
  since: now - 200 * DAY,
  noticeAt: null,
  ...overrides,
})

function fakeStore(places: EndedPlace[], days = 180) {
  const notices = new Map<string, string>()
  const kids = new Set(places.map((p) => p.kidId))
  const list = [...places]
  const store: RetentionStore = {
    async periodDays() {
      return days
    },
    async ended() {
      return list.filter((p) => kids.has(p.kidId))
    },
    async notify(p, text, at) {
      if (!notices.has(p.kidId)) notices.set(p.kidId, text)
      const i = list.findIndex((other) => other.kidId === p.kidId)
      const current = list[i]
      if (current && current.noticeAt === null) list[i] = { ...current, noticeAt: at }
    },
    async deleteChild(kidId) {
      kids.delete(kidId)
    },
  }
  return { store, notices, kids }
}

describe('retention of a place that ended', () => {
  it('keeps it until the notice is due, tells the parent, then deletes no sooner than 30 days later', () => {
    expect(RETENTION_NOTICE_DAYS).toBe(30)
    expect(planRetention(place({ since: now - 100 * DAY }), 180, now)).toBe('keep')
    expect(planRetention(place({ since: now - 150 * DAY }), 180, now)).toBe('notify')
    // Past the period, never told: told first, not deleted.
    expect(planRetention(place({ since: now - 400 * DAY }), 180, now)).toBe('notify')
    expect(planRetention(place({ since: now - 400 * DAY, noticeAt: now - 10 * DAY }), 180, now)).toBe('keep')
    expect(planRetention(place({ since: now - 400 * DAY, noticeAt: now - 30 * DAY }), 180, now)).toBe(
      'delete',
    )
    expect(planRetention(place({ since: now - 170 * DAY, noticeAt: now - 30 * DAY }), 180, now)).toBe('keep')
  })

  it('tells the parent once with the date, then deletes the child; running twice changes nothing', async () => {
    const w = fakeStore([place({ since: now - 160 * DAY }), place({ kidId: 'kid2', since: now - 10 * DAY })])
    expect(await runRetention(w.store, now)).toEqual({ notified: ['kid1'], deleted: [] })
    expect(await runRetention(w.store, now + 1000)).toEqual({ notified: [], deleted: [] })
    expect(w.notices.get('kid1')).toContain('will be deleted on 1 July 2027')
    expect(await runRetention(w.store, now + 30 * DAY)).toEqual({ notified: [], deleted: ['kid1'] })
    expect(await runRetention(w.store, now + 30 * DAY)).toEqual({ notified: [], deleted: [] })
    expect([...w.kids]).toEqual(['kid2'])
  })

  it('uses the centre’s period', async () => {
    const w = fakeStore([place({ since: now - 40 * DAY })], 60)
    expect(await runRetention(w.store, now)).toEqual({ notified: ['kid1'], deleted: [] })
    const longer = fakeStore([place({ since: now - 40 * DAY })], 365)
    expect(await runRetention(longer.store, now)).toEqual({ notified: [], deleted: [] })
  })

  it('says what goes and when', () => {
    expect(retentionText('Amara', Date.parse('2027-07-31T12:00:00Z'))).toBe(
      "Amara's place was not taken up, so Amara's records (the registration, the enrolment file, its documents and the photos) will be deleted on 31 July 2027. Delete them yourself sooner if you like, or contact the centre to register again.",
    )
  })
})
