// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { MAX_KIDS_PER_PARENT } from '#shared/records/bounds'
import { boundKidsOfParent, overBoundNoticeId } from './kid-bound'
import { fakeNoticeStore } from './testing/fake-mail'
import { fakeRecords } from './testing/fake-records'

function world(existing: number) {
  const records = fakeRecords()
  const fake = fakeNoticeStore()
  for (let i = 0; i < existing; i += 1)
    records.addKid({ id: `kid${i}`, userRef: 'parent1', imgUrls: [], createdAt: 100 + i })
  return { records, fake, ports: { records, notices: fake.store } }
}
const newKid = { id: 'newKid', userRef: 'parent1', imgUrls: [], kidName: 'Amara', createdAt: 1000 }

describe('children per parent', () => {
  it('is 10', () => {
    expect(MAX_KIDS_PER_PARENT).toBe(10)
  })

  it('the tenth child stays (control)', async () => {
    const w = world(9)
    w.records.addKid(newKid)
    expect(await boundKidsOfParent(newKid, w.ports)).toBe('within the bound')
    expect(w.records.kids.has('newKid')).toBe(true)
    expect(w.fake.notices.size).toBe(0)
  })

  it('the eleventh is deleted, and the parent told why, once', async () => {
    const w = world(10)
    w.records.addKid(newKid)
    expect(await boundKidsOfParent(newKid, w.ports)).toBe('over the bound: deleted')
    expect(w.records.kids.has('newKid')).toBe(false)
    expect(w.records.kids.size).toBe(10)
    expect(w.fake.notices.get(`parent1/${overBoundNoticeId('newKid')}`)).toEqual({
      kidId: 'newKid',
      kidName: 'Amara',
      text: 'Amara was not registered: one account can register at most 10 children. Please contact the centre.',
      delivered: 'none',
    })
    // The event again: the record is gone, nothing more happens.
    expect(await boundKidsOfParent(newKid, w.ports)).toBe('within the bound')
    expect(w.fake.notices.size).toBe(1)
    expect(w.records.kids.size).toBe(10)
  })

  it('a trigger that runs late for an older child keeps it: the newest is the one over', async () => {
    const w = world(10)
    w.records.addKid(newKid)
    const older = { id: 'kid3', userRef: 'parent1', imgUrls: [], kidName: 'Obi', createdAt: 103 }
    expect(await boundKidsOfParent(older, w.ports)).toBe('within the bound')
    expect(w.records.kids.has('kid3')).toBe(true)
    expect(await boundKidsOfParent(newKid, w.ports)).toBe('over the bound: deleted')
  })

  it('another parent’s children do not count', async () => {
    const w = world(10)
    const other = { ...newKid, userRef: 'parent2' }
    w.records.addKid(other)
    expect(await boundKidsOfParent(other, w.ports)).toBe('within the bound')
  })
})
