// The sender's steps on the store (fake-indexeddb, no sender): each marks one step done, and none
// applies to an entry the parent changed meanwhile (another revision), so nothing is done twice or lost.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fields, PARENT, photos } from '#parent/outbox/testing/outbox-fixtures'
import { newRandomId } from '#shared/records/ids'
import { Outbox } from './outbox-store'

let outbox: Outbox
let clock: number

beforeEach(() => {
  clock = 5_000
  outbox = new Outbox(`outbox-steps-${newRandomId(8)}`, { now: () => clock })
})

afterEach(() => {
  outbox.close()
})

async function queued(kidId = 'kidA', names: string[] = ['a.png']) {
  const id = await outbox.add({ userId: PARENT, kidId, fields: fields('A'), photos: photos(...names) })
  const entry = await outbox.get(id)
  if (!entry) throw new Error('not queued')
  return entry
}

describe('the sender’s steps', () => {
  it('marks a photo uploaded; an upload the parent replaced meanwhile is queued for deletion', async () => {
    const entry = await queued()
    const photo = entry.photos[0]
    expect(await outbox.steps.markPhotoUploaded(entry.id, PARENT, photo?.id ?? '', photo?.path ?? '')).toBe(
      true,
    )
    expect((await outbox.get(entry.id))?.photos[0]?.uploaded).toBe(true)

    // A photo no longer in the entry: its upload is deleted once the entry is saved.
    expect(await outbox.steps.markPhotoUploaded(entry.id, PARENT, 'gone', 'images/parent1-gone-1')).toBe(
      false,
    )
    expect((await outbox.get(entry.id))?.cleanupPaths).toEqual(['images/parent1-gone-1'])

    // The entry itself is gone (discarded): a stray deletion of its own.
    expect(await outbox.steps.markPhotoUploaded('nothing', PARENT, 'p', 'images/parent1-stray-1')).toBe(false)
    const stray = (await outbox.list(PARENT)).find((row) => row.id !== entry.id)
    expect(stray).toMatchObject({
      kind: 'delete',
      kidId: '',
      state: 'cleanup',
      cleanupPaths: ['images/parent1-stray-1'],
    })
  })

  it('hands off only the revision it sent, then completes it: bytes gone, replaced photos left to delete', async () => {
    const entry = await queued()
    await outbox.edit({ userId: PARENT, kidId: 'kidA', fields: fields('A2'), photos: null, stored: null })
    expect(await outbox.steps.markHandedOff(entry.id, entry.rev)).toBe(false) // changed meanwhile
    expect(await outbox.steps.markHandedOff(entry.id, entry.rev + 1)).toBe(true)
    expect(await outbox.get(entry.id)).toMatchObject({ state: 'handedOff', handedOffAt: 5_000 })

    await outbox.db.submissions.update(entry.id, { cleanupPaths: ['images/parent1-old-1'] })
    await outbox.steps.completeSave(entry.id, entry.rev + 1)
    expect(await outbox.get(entry.id)).toMatchObject({
      state: 'cleanup',
      cleanupPaths: ['images/parent1-old-1'],
    })
    expect(await outbox.db.photos.count()).toBe(0)
    await outbox.steps.markCleanedUp(entry.id, 'images/parent1-old-1')
    expect(await outbox.get(entry.id)).toBeUndefined()
  })

  it('a saved record with nothing to delete leaves the queue at once', async () => {
    const entry = await queued('kidA', [])
    await outbox.steps.markHandedOff(entry.id, entry.rev)
    await outbox.steps.completeSave(entry.id, entry.rev)
    expect(await outbox.list(PARENT)).toEqual([])
  })

  it('a save lost from Firestore’s queue is queued again, only from the state it was in', async () => {
    const entry = await queued()
    expect(await outbox.steps.requeue(entry.id, entry.rev)).toBe(false) // not handed off
    await outbox.steps.markHandedOff(entry.id, entry.rev)
    expect(await outbox.steps.requeue(entry.id, entry.rev)).toBe(true)
    expect(await outbox.get(entry.id)).toMatchObject({ state: 'queued', handedOffAt: 0 })
  })

  it('retries later, fails for good, and wakes the waiting retries of one parent', async () => {
    const entry = await queued()
    const other = await queued('kidB')
    await outbox.steps.markRetry(entry.id, entry.rev, 'network down', 9_000)
    await outbox.steps.markRetry(entry.id, entry.rev + 1, 'stale', 99_000) // another revision: ignored
    expect(await outbox.get(entry.id)).toMatchObject({
      attempts: 1,
      nextAttemptAt: 9_000,
      error: 'network down',
    })

    expect(await outbox.steps.markFailed(other.id, other.rev, 'refused')).toBe(true)
    expect(await outbox.steps.markFailed(other.id, other.rev, 'refused')).toBe(false) // once
    await outbox.steps.wakeUp(PARENT)
    expect((await outbox.get(entry.id))?.nextAttemptAt).toBe(0)
    expect(await outbox.get(other.id)).toMatchObject({ state: 'failed', attempts: 1 })
  })

  it('a delete in Firestore’s queue leaves its photos to delete, one marker per path', async () => {
    await outbox.remove({
      userId: PARENT,
      kidId: 'kidS',
      stored: {
        ...fields('S'),
        id: 'kidS',
        imgUrls: ['images/parent1-s1-1', 'images/parent1-s2-2'],
        userRef: PARENT,
        savedAt: 1,
      },
    })
    const [entry] = await outbox.list(PARENT)
    await outbox.steps.markRecordDeleted(entry?.id ?? '')
    expect(await outbox.get(entry?.id ?? '')).toMatchObject({ state: 'cleanup' })
    await outbox.steps.markCleanedUp(entry?.id ?? '', 'images/parent1-s1-1')
    expect((await outbox.get(entry?.id ?? ''))?.cleanupPaths).toEqual(['images/parent1-s2-2'])
    await outbox.steps.markCleanedUp(entry?.id ?? '', 'images/parent1-s2-2')
    expect(await outbox.list(PARENT)).toEqual([])
  })
})
