// @vitest-environment jsdom
// The door's snapshot (decision 0084): read back for its own account only, never another account's nor
// one of another shape; whole on its own day, its children alone on a later day its roster reaches
// (decision 0093), nothing on a day before it or past its roster; gone once cleared.
import { afterEach, describe, expect, it } from 'vitest'
import type { DoorChild } from '#shared/backend/attendance-ports'
import {
  clearDoorSnapshot,
  DOOR_SNAPSHOT_KEY,
  type KeptDoor,
  readDoorSnapshot,
  writeDoorSnapshot,
} from './door-snapshot'

const amara: DoorChild = {
  kidId: 'kid1',
  userRef: 'parent1',
  kidName: 'Amara Obi',
  parentName: 'Ada Obi',
  parentPhone: '+234 802 555 0101',
  startDate: '2026-12-01',
  collectors: [{ name: 'Ada Obi', relation: 'Mother', phone: '+234 802 555 0101' }],
  mustNotCollect: 'Not the uncle, Chidi',
}

/** Listed ahead: a place that starts on Wednesday. */
const tobi: DoorChild = { ...amara, kidId: 'kid2', kidName: 'Tobi Obi', startDate: '2026-12-09' }

const snapshot: KeptDoor = {
  uid: 'staff-a',
  day: '2026-12-06',
  through: '2026-12-20',
  children: [amara, tobi],
  events: [
    {
      id: 'kid1_2026-12-06_arrival',
      kidId: 'kid1',
      userRef: 'parent1',
      day: '2026-12-06',
      kind: 'arrival',
      deviceAt: 1,
      recordedBy: 'staff-a',
      collector: null,
      sentAt: 2,
      serverAt: 3,
    },
  ],
  messages: [],
  // A collection tapped on this device, not yet heard back from the server.
  pending: [
    {
      kidId: 'kid1',
      userRef: 'parent1',
      day: '2026-12-06',
      kind: 'collection',
      deviceAt: 4,
      recordedBy: 'staff-a',
      collector: { from: 'file', name: 'Ada Obi', relation: 'Mother', codeChecked: true },
    },
  ],
}

afterEach(() => localStorage.clear())

describe('the door’s snapshot', () => {
  it('is read back whole for its account and day', () => {
    writeDoorSnapshot(snapshot)
    expect(readDoorSnapshot('staff-a', '2026-12-06')).toEqual({ ...snapshot, earlier: false })
  })

  it('on a later day its roster reaches, gives its children alone: that day’s lists are not these', () => {
    writeDoorSnapshot(snapshot)
    const monday = readDoorSnapshot('staff-a', '2026-12-08')
    expect(monday).toEqual({
      ...snapshot,
      events: [],
      messages: [],
      pending: [],
      earlier: true,
    })
    // Its last day too, with the child listed ahead (the screen draws each from its first day).
    expect(readDoorSnapshot('staff-a', '2026-12-20')?.children.map((c) => c.kidId)).toEqual(['kid1', 'kid2'])
  })

  it('is never read for another account, a day before it, nor past its roster', () => {
    writeDoorSnapshot(snapshot)
    expect(readDoorSnapshot('staff-b', '2026-12-06')).toBeNull()
    expect(readDoorSnapshot('staff-b', '2026-12-07')).toBeNull()
    // The device's clock set back: the day before is not drawn from what came after it.
    expect(readDoorSnapshot('staff-a', '2026-12-05')).toBeNull()
    // Past two weeks its children may have gone or others come: Firestore's cache answers instead.
    expect(readDoorSnapshot('staff-a', '2026-12-21')).toBeNull()
    // The control: its own account and day.
    expect(readDoorSnapshot('staff-a', '2026-12-06')).not.toBeNull()
  })

  it('holds one account only: another account’s replaces it', () => {
    writeDoorSnapshot(snapshot)
    writeDoorSnapshot({ ...snapshot, uid: 'staff-b' })
    expect(readDoorSnapshot('staff-a', '2026-12-06')).toBeNull()
    expect(readDoorSnapshot('staff-b', '2026-12-06')).not.toBeNull()
  })

  it('is not read when written by another version of the app, or broken', () => {
    localStorage.setItem(DOOR_SNAPSHOT_KEY, JSON.stringify({ ...snapshot, v: 0 }))
    expect(readDoorSnapshot('staff-a', '2026-12-06')).toBeNull()
    // Version 1 had no pending events: its reopened door would draw a child tapped offline as expected.
    const { pending: _none, ...first } = snapshot
    localStorage.setItem(DOOR_SNAPSHOT_KEY, JSON.stringify({ ...first, v: 1 }))
    expect(readDoorSnapshot('staff-a', '2026-12-06')).toBeNull()
    // Version 2 listed only the children started by its day: a later day would miss its new starters.
    const { through: _ahead, ...second } = snapshot
    localStorage.setItem(DOOR_SNAPSHOT_KEY, JSON.stringify({ ...second, v: 2 }))
    expect(readDoorSnapshot('staff-a', '2026-12-06')).toBeNull()
    localStorage.setItem(DOOR_SNAPSHOT_KEY, JSON.stringify({ ...snapshot, v: 3, through: 20261220 }))
    expect(readDoorSnapshot('staff-a', '2026-12-06')).toBeNull()
    localStorage.setItem(DOOR_SNAPSHOT_KEY, JSON.stringify({ ...snapshot, v: 3, children: [{ kidId: 1 }] }))
    expect(readDoorSnapshot('staff-a', '2026-12-06')).toBeNull()
    localStorage.setItem(DOOR_SNAPSHOT_KEY, JSON.stringify({ ...snapshot, v: 3, pending: [{ kidId: 1 }] }))
    expect(readDoorSnapshot('staff-a', '2026-12-06')).toBeNull()
    // The control: the same snapshot as this version writes it.
    localStorage.setItem(DOOR_SNAPSHOT_KEY, JSON.stringify({ ...snapshot, v: 3 }))
    expect(readDoorSnapshot('staff-a', '2026-12-06')).not.toBeNull()
    localStorage.setItem(DOOR_SNAPSHOT_KEY, '{')
    expect(readDoorSnapshot('staff-a', '2026-12-06')).toBeNull()
  })

  it('leaves nothing once cleared', () => {
    writeDoorSnapshot(snapshot)
    clearDoorSnapshot()
    expect(localStorage.getItem(DOOR_SNAPSHOT_KEY)).toBeNull()
    expect(readDoorSnapshot('staff-a', '2026-12-06')).toBeNull()
  })
})
