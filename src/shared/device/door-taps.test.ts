// @vitest-environment jsdom
// The door's taps until the outbox holds them (decision 0089): noted per member of staff, one per fact,
// crossed out one by one, gone at sign-out; a note of another shape is not read.
import { afterEach, describe, expect, it } from 'vitest'
import type { AttendanceEvent } from '#shared/records/attendance-record'
import { clearDoorTaps, crossOutDoorTap, DOOR_TAPS_KEY, doorTapsOf, noteDoorTap } from './door-taps'

const arrival: AttendanceEvent = {
  kidId: 'kid1',
  userRef: 'parent1',
  day: '2026-12-06',
  kind: 'arrival',
  deviceAt: 1,
  recordedBy: 'staff-a',
  collector: null,
}
const collection: AttendanceEvent = {
  ...arrival,
  kind: 'collection',
  deviceAt: 2,
  collector: { from: 'file', name: 'Ada Obi', relation: 'Mother', codeChecked: true },
}

afterEach(() => localStorage.clear())

describe('the door’s taps until the outbox holds them', () => {
  it('keeps each tap of a member of staff, in order, until it is crossed out', () => {
    noteDoorTap('staff-a', arrival)
    noteDoorTap('staff-a', collection)
    expect(doorTapsOf('staff-a')).toEqual([arrival, collection])
    // Another account on the same phone never gets them.
    expect(doorTapsOf('staff-b')).toEqual([])

    crossOutDoorTap('staff-a', arrival)
    expect(doorTapsOf('staff-a')).toEqual([collection])
    crossOutDoorTap('staff-a', collection)
    expect(doorTapsOf('staff-a')).toEqual([])
    expect(localStorage.getItem(DOOR_TAPS_KEY)).toBeNull()
  })

  it('holds one note per fact: a second tap of the same arrival replaces the first', () => {
    noteDoorTap('staff-a', arrival)
    noteDoorTap('staff-a', { ...arrival, deviceAt: 5 })
    expect(doorTapsOf('staff-a')).toEqual([{ ...arrival, deviceAt: 5 }])
  })

  it('crosses out only its own account’s tap of a fact', () => {
    noteDoorTap('staff-a', arrival)
    noteDoorTap('staff-b', { ...arrival, recordedBy: 'staff-b' })
    crossOutDoorTap('staff-b', arrival)
    expect(doorTapsOf('staff-a')).toEqual([arrival])
    expect(doorTapsOf('staff-b')).toEqual([])
  })

  it('goes at sign-out', () => {
    noteDoorTap('staff-a', arrival)
    clearDoorTaps()
    expect(doorTapsOf('staff-a')).toEqual([])
    expect(localStorage.getItem(DOOR_TAPS_KEY)).toBeNull()
  })

  it('reads no note of another version, and skips a broken tap', () => {
    localStorage.setItem(DOOR_TAPS_KEY, JSON.stringify({ v: 0, taps: [{ uid: 'staff-a', event: arrival }] }))
    expect(doorTapsOf('staff-a')).toEqual([])
    const broken = { ...arrival, kind: 'departure' }
    localStorage.setItem(
      DOOR_TAPS_KEY,
      JSON.stringify({
        v: 1,
        taps: [
          { uid: 'staff-a', event: broken },
          { uid: 'staff-a', event: collection },
        ],
      }),
    )
    expect(doorTapsOf('staff-a')).toEqual([collection])
    localStorage.setItem(DOOR_TAPS_KEY, '{not json')
    expect(doorTapsOf('staff-a')).toEqual([])
  })
})
