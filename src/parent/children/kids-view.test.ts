// The merged 'Your Kids' list through every state a child goes through: it never drops a child.
import { describe, expect, it } from 'vitest'
import type { Submission } from '#parent/outbox/outbox-db'
import { defaultKidFields, type StoredKid } from '#shared/records/kid-record'
import { kidMessages } from './kid-messages'
import { failureText, formatPlan, formatYears, lookupKid, mergeKids } from './kids-view'

const fields = {
  ...defaultKidFields(),
  kidName: 'Amara',
  kidAge: '4',
  parentName: 'N',
  parentAge: '30',
  parentPhone: '1',
  address: 'Uyo',
}

function entry(overrides: Partial<Submission>): Submission {
  return {
    id: 's1',
    seq: 1,
    kind: 'add',
    kidId: 'k1',
    userId: 'u1',
    fields,
    photos: [
      { id: 'p1', name: 'a.jpg', type: 'image/jpeg', size: 10, path: 'images/u1-a.jpg-p1', uploaded: false },
    ],
    keptPaths: [],
    imgPaths: ['images/u1-a.jpg-p1'],
    cleanupPaths: [],
    state: 'queued',
    handoffStarted: false,
    handedOffAt: 0,
    attempts: 0,
    nextAttemptAt: 0,
    error: null,
    rev: 1,
    createdAt: 1,
    ...overrides,
  } as Submission // one of the kinds, as each test overrides it
}

function stored(overrides: Partial<StoredKid> = {}): StoredKid {
  return { ...fields, id: 'k1', imgUrls: ['images/u1-a.jpg-p1'], userRef: 'u1', savedAt: 1, ...overrides }
}

const names = (list: ReturnType<typeof mergeKids>) => list.map((kid) => `${kid.fields.kidName}:${kid.status}`)

describe("'Your Kids', merged from Firestore and the outbox", () => {
  it('keeps a new child listed through queued, uploading, handed off and acknowledged', () => {
    const queued = entry({})
    // Queued, before Firestore has even answered: shown from the device.
    expect(names(mergeKids(undefined, [queued]))).toEqual(['Amara:waiting'])
    expect(names(mergeKids([], [queued]))).toEqual(['Amara:waiting'])
    // Uploading (a photo marked up): still waiting.
    const uploading = entry({
      photos: [{ ...(queued.photos[0] as Submission['photos'][number]), uploaded: true }],
    })
    expect(names(mergeKids([], [uploading]))).toEqual(['Amara:waiting'])
    // Handed to Firestore, whose list has not caught up yet: shown from the entry, as saved.
    const handedOff = entry({ state: 'handedOff', handoffStarted: true })
    expect(names(mergeKids([], [handedOff]))).toEqual(['Amara:saved'])
    // Firestore's list has it now (pending write).
    expect(names(mergeKids([stored()], [handedOff]))).toEqual(['Amara:saved'])
    // Acknowledged: the entry is gone, Firestore's record stays.
    expect(names(mergeKids([stored()], []))).toEqual(['Amara:saved'])
  })

  it('an edit shows its new fields from the moment it is queued until Firestore has them', () => {
    const old = stored({ kidName: 'Amara' })
    const edit = entry({
      id: 's2',
      kind: 'edit',
      fields: { ...fields, kidName: 'Amara Grace' },
      photos: [],
      keptPaths: old.imgUrls,
      imgPaths: old.imgUrls,
    })
    expect(names(mergeKids([old], [edit]))).toEqual(['Amara Grace:waiting'])
    const handedOff = { ...edit, state: 'handedOff' as const }
    // Firestore's list still has the old version a moment longer: the edit's fields win.
    expect(names(mergeKids([old], [handedOff]))).toEqual(['Amara Grace:saved'])
    expect(names(mergeKids([stored({ kidName: 'Amara Grace' })], []))).toEqual(['Amara Grace:saved'])
    // Its kept photos are the stored ones, read from storage.
    expect(mergeKids([old], [edit])[0]?.photos).toEqual([
      { kind: 'stored', owner: 'u1', path: 'images/u1-a.jpg-p1' },
    ])
  })

  it('an edit made while the first save is still handed off wins over it', () => {
    const first = entry({ state: 'handedOff' })
    const edit = entry({
      id: 's2',
      seq: 2,
      kind: 'edit',
      fields: { ...fields, kidName: 'Amara G' },
      photos: [],
    })
    expect(names(mergeKids([stored()], [first, edit]))).toEqual(['Amara G:waiting'])
    expect(mergeKids([stored()], [first, edit])).toHaveLength(1)
  })

  it('a failed child stays listed as failed; a child being deleted goes at once', () => {
    expect(names(mergeKids([], [entry({ state: 'failed', error: 'refused' })]))).toEqual(['Amara:failed'])
    const deleting = entry({ id: 'd1', seq: 3, kind: 'delete', fields: null, photos: [], state: 'queued' })
    expect(mergeKids([stored()], [deleting])).toEqual([])
  })

  it('after a reload or a new sign-in (Firestore cache empty, not answered yet), queued children show at once', () => {
    const kept = entry({
      state: 'queued',
      photos: [{ ...(entry({}).photos[0] as Submission['photos'][number]), uploaded: true }],
    })
    expect(names(mergeKids(undefined, [kept]))).toEqual(['Amara:waiting'])
  })

  it('the detail finds a child in any of these states, and never another parent’s', () => {
    expect(lookupKid('k1', 'u1', undefined, [entry({ state: 'handedOff' })]).state).toBe('ready')
    expect(lookupKid('k1', 'u1', undefined, [entry({})]).state).toBe('ready')
    expect(lookupKid('k1', 'u1', stored(), []).state).toBe('ready')
    expect(lookupKid('k1', 'u2', stored(), []).state).toBe('notYours')
    expect(lookupKid('k1', 'u2', undefined, [entry({})]).state).toBe('loading')
    expect(lookupKid('k1', 'u1', null, []).state).toBe('missing')
  })
})

describe('how a child reads on screen', () => {
  it("shows ages in years and plans as '{plan} Plan'", () => {
    expect(formatYears('4')).toBe('4 years')
    expect(formatYears('2 years')).toBe('2 years')
    expect(formatPlan('Weekly')).toBe('Weekly Plan')
    // A plan the app does not offer, kept from the stored record, reads as it was saved.
    expect(formatPlan('Yearly')).toBe('Yearly Plan')
  })
})

describe('a failed change, in words', () => {
  const tenOnServer = Array.from({ length: 10 }, (_, index) => stored({ id: `s${index}` }))
  const refused = entry({ kidId: 'new1', state: 'failed', error: 'The server refused to save this child' })

  it('a new child refused while ten are on the server: the bound, not a generic error', () => {
    const kids = mergeKids(tenOnServer, [refused])
    const child = kids.find((kid) => kid.id === 'new1')
    expect(child?.status).toBe('failed')
    expect(failureText(child as (typeof kids)[number], kids)).toBe(kidMessages.kidRefusedOverBound)
    expect(kidMessages.kidRefusedOverBound).toContain('at most 10 children')
  })

  it("any other failure keeps the outbox's reason (the controls)", () => {
    // Nine on the server: not the bound.
    const nine = mergeKids(tenOnServer.slice(1), [refused])
    expect(failureText(nine.find((kid) => kid.id === 'new1') as (typeof nine)[number], nine)).toBe(
      'The server refused to save this child',
    )
    // An edit of a child already saved, with ten: not the bound either.
    const edit = entry({ kind: 'edit', kidId: 's0', state: 'failed', error: 'Images not uploaded' })
    const edited = mergeKids(tenOnServer, [edit])
    expect(failureText(edited.find((kid) => kid.id === 's0') as (typeof edited)[number], edited)).toBe(
      'Images not uploaded',
    )
  })
})
