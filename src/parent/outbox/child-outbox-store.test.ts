// The parent's changes on their own (fake-indexeddb, nobody bound, so nothing is sent): what each
// change leaves in the jobs, and what it leaves for the sender to do.
import { IDBKeyRange, indexedDB } from 'fake-indexeddb'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fields, jobSteps, OTHER, PARENT, PageOutbox, photos } from '#parent/outbox/testing/outbox-fixtures'
import { JobDb } from '#shared/outbox/job-db'
import { OutboxEngine } from '#shared/outbox/outbox-engine'
import { newRandomId } from '#shared/records/ids'
import type { StoredKid } from '#shared/records/kid-record'
import { FakeKidsPort, FakePhotoStorage } from '#testing/backend/fake-kids-ports'

let outbox: PageOutbox
let steps: ReturnType<typeof jobSteps>
let clock: number

function storedKid(id: string, imgUrls: string[]): StoredKid {
  return { ...fields('Saved'), id, imgUrls, userRef: PARENT, savedAt: 1 }
}

beforeEach(() => {
  clock = 1_000
  const db = new JobDb(`outbox-store-${newRandomId(8)}`, { indexedDB, IDBKeyRange })
  outbox = new PageOutbox(new OutboxEngine({ db, now: () => clock }), {
    kids: new FakeKidsPort(),
    photos: new FakePhotoStorage(),
  })
  steps = jobSteps(outbox)
})

afterEach(() => {
  outbox.close()
})

describe('the parent’s changes', () => {
  it('queues a new child with its photos at fixed paths, in send order', async () => {
    const first = await outbox.add({
      userId: PARENT,
      kidId: 'kidA',
      fields: fields('A'),
      photos: photos('a.png'),
    })
    const second = await outbox.add({ userId: PARENT, kidId: 'kidB', fields: fields('B'), photos: [] })
    const [a, b] = await outbox.list(PARENT)
    expect([a?.id, b?.id]).toEqual([first, second])
    expect([a?.seq, b?.seq]).toEqual([1, 2])
    expect(a).toMatchObject({ kind: 'add', state: 'queued', rev: 1, createdAt: 1_000, handoffStarted: false })
    const photo = a?.photos[0]
    expect(photo?.path).toMatch(/^images\/parent1\/a\.png-[A-Za-z0-9]{20}$/)
    expect(photo?.uploaded).toBe(false)
    expect(a?.imgPaths).toEqual([photo?.path])
    expect((await outbox.engine.blob(photo?.id ?? ''))?.jobId).toBe(first)
  })

  it('an edit of a child still queued changes its entry in place, and drops the bytes it no longer uses', async () => {
    const id = await outbox.add({
      userId: PARENT,
      kidId: 'kidA',
      fields: fields('A'),
      photos: photos('a.png'),
    })
    const [queued] = await outbox.list(PARENT)
    const old = queued?.photos[0]
    const edited = await outbox.edit({
      userId: PARENT,
      kidId: 'kidA',
      fields: fields('A2'),
      photos: photos('b.png'),
      stored: null,
    })
    expect(edited).toBe(id)
    const [entry, ...others] = await outbox.list(PARENT)
    expect(others).toEqual([])
    expect(entry).toMatchObject({ kind: 'add', rev: 2, fields: { kidName: 'A2' } })
    expect(entry?.imgPaths).toEqual([entry?.photos[0]?.path])
    expect(entry?.imgPaths[0]).toContain('b.png')
    expect(await outbox.photoBytes(old?.id ?? '')).toBeNull()
    expect(entry?.cleanupPaths).toEqual([]) // the replaced photo never went up: nothing to delete
  })

  it('an edit of a saved child keeps its photos, even from a record saved before photos were private', async () => {
    const legacy = `https://firebasestorage.googleapis.com/v0/b/demo-sunbeam.appspot.com/o/${encodeURIComponent('images/parent1-x.jpg-1')}?alt=media&token=t`
    const stored = storedKid('kidS', [legacy, 'images/parent1-y.jpg-2'])
    await outbox.edit({ userId: PARENT, kidId: 'kidS', fields: fields('S'), photos: null, stored })
    const [entry] = await outbox.list(PARENT)
    expect(entry).toMatchObject({ kind: 'edit', state: 'queued', photos: [] })
    expect(entry?.keptPaths).toEqual(['images/parent1-x.jpg-1', 'images/parent1-y.jpg-2'])
    expect(entry?.imgPaths).toEqual(['images/parent1-x.jpg-1', 'images/parent1-y.jpg-2'])
    expect(entry?.cleanupPaths).toEqual([])
  })

  it('deleting a child only queued leaves nothing; deleting a saved one queues the record and its photos', async () => {
    await outbox.add({ userId: PARENT, kidId: 'kidQ', fields: fields('Q'), photos: photos('q.png') })
    await outbox.remove({ userId: PARENT, kidId: 'kidQ', stored: null })
    expect(await outbox.list(PARENT)).toEqual([])
    expect(await steps.photoCount()).toBe(0)

    await outbox.remove({
      userId: PARENT,
      kidId: 'kidS',
      stored: storedKid('kidS', ['images/parent1-s.jpg-1']),
    })
    const [entry] = await outbox.list(PARENT)
    expect(entry).toMatchObject({ kind: 'delete', kidId: 'kidS', state: 'queued', fields: null, photos: [] })
    expect(entry?.cleanupPaths).toEqual(['images/parent1-s.jpg-1'])
  })

  it('Retry puts a failed entry back in the queue as a new revision; Discard deletes what it uploaded', async () => {
    const id = await outbox.add({
      userId: PARENT,
      kidId: 'kidA',
      fields: fields('A'),
      photos: photos('a.png'),
    })
    const [entry] = await outbox.list(PARENT)
    const path = entry?.photos[0]?.path ?? ''
    await steps.photoUploaded(id, entry?.photos[0]?.id ?? '')
    await steps.failed(id, 'refused')
    await outbox.retry(id)
    expect(await outbox.get(id)).toMatchObject({ state: 'queued', rev: 2, attempts: 0, error: null })

    await outbox.discard(id)
    const [cleanup, ...others] = await outbox.list(PARENT)
    expect(others).toEqual([])
    // Never handed off: no record to delete, only the uploaded photo.
    expect(cleanup).toMatchObject({ kind: 'delete', state: 'cleanup', cleanupPaths: [path] })
    expect(await steps.photoCount()).toBe(0)
  })

  it('signing out and keeping: a handed-off save goes back to the queue, its photos still uploaded', async () => {
    const id = await outbox.add({ userId: PARENT, kidId: 'kidA', fields: fields('A'), photos: [] })
    await steps.handedOff(id)
    expect((await outbox.get(id))?.state).toBe('handedOff')
    await outbox.keepForLater(PARENT)
    expect(await outbox.get(id)).toMatchObject({ state: 'queued', handedOffAt: 0, handoffStarted: true })
    expect(await outbox.pendingCount()).toBe(1)
  })

  it('forgetting a parent drops all of theirs and returns the photos no record can use', async () => {
    const sent = await outbox.add({
      userId: PARENT,
      kidId: 'kidA',
      fields: fields('A'),
      photos: photos('a.png'),
    })
    const [entry] = await outbox.list(PARENT)
    const path = entry?.photos[0]?.path ?? ''
    await steps.photoUploaded(sent, entry?.photos[0]?.id ?? '')
    await outbox.add({ userId: OTHER, kidId: 'kidO', fields: fields('O'), photos: photos('o.png') })

    expect(await outbox.forget(PARENT)).toEqual([path])
    expect(await outbox.list(PARENT)).toEqual([])
    expect(await outbox.list(OTHER)).toHaveLength(1)
    expect(await steps.photoCount()).toBe(1) // the other parent's
  })

  it('counts what some sender still has work for (not failed entries), whoever they belong to', async () => {
    const id = await outbox.add({ userId: PARENT, kidId: 'kidA', fields: fields('A'), photos: [] })
    await outbox.add({ userId: OTHER, kidId: 'kidO', fields: fields('O'), photos: [] })
    expect(await outbox.pendingCount()).toBe(2)
    await steps.failed(id, 'refused')
    expect(await outbox.pendingCount()).toBe(1)
  })
})
