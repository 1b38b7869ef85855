// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { cleanUpDeletedAccount, cleanUpDeletedKid, kidRefOf } from './cleanup'
import { fakeBucket } from './testing/fake-bucket'
import { fakeRecords } from './testing/fake-records'

const uid = 'parentUid1'
const photo = (name: string, owner = uid) => `images/${owner}/${name}.jpg-ABCDEFGHIJabcdefghij`

function world() {
  const bucket = fakeBucket()
  const records = fakeRecords()
  return { bucket, records, ports: { bucket, records } }
}

describe('a deleted child', () => {
  it('loses its photos and its registration', async () => {
    const { bucket, records, ports } = world()
    bucket.put(photo('a'))
    bucket.put(photo('b'))
    bucket.put(photo('kept'))
    records.addKid({ id: 'kid1', userRef: uid, imgUrls: [photo('a'), photo('b')] })
    await records.deleteKid('kid1')

    const report = await cleanUpDeletedKid(
      { id: 'kid1', userRef: uid, imgUrls: [photo('a'), photo('b')] },
      ports,
    )

    expect(report.photos).toEqual([photo('a'), photo('b')])
    expect([...bucket.objects.keys()]).toEqual([photo('kept')])
    expect(records.documents.has('registrations/kid1')).toBe(false)
  })

  it('loses its enrolment file and the file’s documents (the owner’s only), and is safe to run twice', async () => {
    const { bucket, records, ports } = world()
    const plan = `images/${uid}/plan.pdf-ABCDEFGHIJabcdefghij`
    const card = `images/${uid}/card.jpg-ABCDEFGHIJabcdefghij`
    const theirs = 'images/otherParent/card.jpg-ABCDEFGHIJabcdefghij'
    for (const path of [photo('a'), plan, card, theirs]) bucket.put(path)
    records.addKid({ id: 'kid1', userRef: uid, imgUrls: [photo('a')] })
    records.addEnrolment('kid1', [plan, card, theirs])
    records.addEnrolment('kid2', [])
    await records.deleteKid('kid1')
    const kid = { id: 'kid1', userRef: uid, imgUrls: [photo('a')] }

    const report = await cleanUpDeletedKid(kid, ports)
    await cleanUpDeletedKid(kid, ports)

    expect(report.photos).toEqual([photo('a'), plan, card])
    expect(report.documents).toContain('enrolments/kid1')
    expect([...bucket.objects.keys()]).toEqual([theirs])
    expect([...records.documents]).toEqual(['enrolments/kid2'])
  })

  it('loses its day: arrivals, collections, messages, codes and their checks, and is safe to run twice', async () => {
    const { records, ports } = world()
    records.addKid({ id: 'kid1', userRef: uid, imgUrls: [] })
    records.addDay('kid1', uid, { day: '2026-12-07' })
    records.addDay('kid1', uid, { day: '2026-12-08', messageId: 'message2' })
    records.addKid({ id: 'kid2', userRef: uid, imgUrls: [] }, { registration: false })
    records.addDay('kid2', uid)
    await records.deleteKid('kid1')
    const kid = { id: 'kid1', userRef: uid, imgUrls: [] }

    const report = await cleanUpDeletedKid(kid, ports)
    await cleanUpDeletedKid(kid, ports)

    expect(report.documents).toEqual([
      'enrolments/kid1',
      'attendance/kid1_*',
      'tellTheCentre/* of kid1',
      'collectionCodes/kid1',
      'codeChecks/kid1',
      'registrations/kid1',
    ])
    // The sister's day stays, all of it.
    expect([...records.documents].sort()).toEqual([
      'attendance/kid2_2026-12-07_arrival',
      'attendance/kid2_2026-12-07_collection',
      'codeChecks/kid2',
      'collectionCodes/kid2',
      'kids/kid2',
      'tellTheCentre/message-kid2',
    ])
  })

  it('keeps a photo another record of the same parent still shows, and never another parent’s', async () => {
    const { bucket, records, ports } = world()
    bucket.put(photo('shared'))
    bucket.put(photo('theirs', 'otherParent'))
    records.addKid({ id: 'kid2', userRef: uid, imgUrls: [photo('shared')] })
    const deleted = { id: 'kid1', userRef: uid, imgUrls: [photo('shared'), photo('theirs', 'otherParent')] }

    const report = await cleanUpDeletedKid(deleted, ports)

    expect(report.photos).toEqual([])
    expect(bucket.objects.size).toBe(2)
  })

  it('reads the path out of an old download address, and is safe to run twice', async () => {
    const { bucket, records, ports } = world()
    const flat = `images/${uid}-old photo.jpg`
    bucket.put(flat)
    const address = `https://firebasestorage.googleapis.com/v0/b/demo.appspot.com/o/${encodeURIComponent(flat)}?alt=media&token=t`
    records.addKid({ id: 'kid1', userRef: uid, imgUrls: [address] })
    await records.deleteKid('kid1')
    const kid = { id: 'kid1', userRef: uid, imgUrls: [address] }

    await cleanUpDeletedKid(kid, ports)
    await cleanUpDeletedKid(kid, ports)

    expect(bucket.objects.size).toBe(0)
    expect(bucket.calls.filter((call) => call.startsWith('delete '))).toEqual([
      `delete ${flat}`,
      `delete ${flat}`,
    ])
    expect(records.documents.size).toBe(0)
  })

  it('takes a record of any shape as the console may write it', () => {
    expect(kidRefOf('k', { userRef: 7, imgUrls: ['a', 3, null] })).toEqual({
      id: 'k',
      userRef: '',
      imgUrls: ['a'],
    })
    expect(kidRefOf('k', undefined)).toEqual({ id: 'k', userRef: '', imgUrls: [] })
  })
})

describe('a deleted account', () => {
  it('leaves nothing of that uid: folder, flat photos, children, registrations, enrolment files, users/{uid} and below', async () => {
    const { bucket, records, ports } = world()
    bucket.put(photo('a'))
    bucket.put(photo('unsaved'))
    bucket.put(`images/${uid}-flat.jpg`)
    bucket.put(photo('theirs', 'otherParent'))
    bucket.put(`images/${uid}x-flat.jpg`)
    records.addKid({ id: 'kid1', userRef: uid, imgUrls: [photo('a')] })
    records.addKid({ id: 'kid2', userRef: uid, imgUrls: [`images/${uid}-flat.jpg`] }, { registration: false })
    records.addKid({ id: 'kid3', userRef: 'otherParent', imgUrls: [photo('theirs', 'otherParent')] })
    records.documents.add(`users/${uid}`)
    records.documents.add(`users/${uid}/notices/n1`)
    records.documents.add('users/otherParent')
    bucket.put(photo('immunisation'))
    records.addEnrolment('kid1', [photo('immunisation')])
    records.addEnrolment('kid3', [photo('theirs', 'otherParent')])
    records.addDay('kid1', uid)
    records.addDay('kid3', 'otherParent')
    // A child deleted before its day's records were cleaned up: they name the family still.
    records.addDay('kidGone', uid, { messageId: 'messageGone' })

    await cleanUpDeletedAccount(uid, ports)

    expect([...bucket.objects.keys()].sort()).toEqual([
      photo('theirs', 'otherParent'),
      `images/${uid}x-flat.jpg`,
    ])
    expect([...records.documents].sort()).toEqual([
      'attendance/kid3_2026-12-07_arrival',
      'attendance/kid3_2026-12-07_collection',
      'codeChecks/kid3',
      'collectionCodes/kid3',
      'enrolments/kid3',
      'kids/kid3',
      'registrations/kid3',
      'tellTheCentre/message-kid3',
      'users/otherParent',
    ])
    expect(bucket.calls).toContain(`deleteFolder images/${uid}/`)
  })

  it('is safe to run twice, and after a run stopped half-way', async () => {
    const { bucket, records, ports } = world()
    bucket.put(photo('a'))
    records.addKid({ id: 'kid1', userRef: uid, imgUrls: [photo('a')] })
    records.addDay('kid1', uid)
    records.documents.add(`users/${uid}`)
    // The app's own deletion got as far as the photos (a child it deleted has its registration removed by
    // the child's own trigger, cleanUpDeletedKid).
    bucket.objects.clear()

    await cleanUpDeletedAccount(uid, ports)
    await cleanUpDeletedAccount(uid, ports)

    expect(records.documents.size).toBe(0)
    expect(bucket.objects.size).toBe(0)
  })

  it('refuses what is not a uid rather than deleting a wider folder', async () => {
    const { ports } = world()
    await expect(cleanUpDeletedAccount('', ports)).rejects.toThrow('Not a uid')
    await expect(cleanUpDeletedAccount('a/b', ports)).rejects.toThrow('Not a uid')
  })
})
