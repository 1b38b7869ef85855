// @vitest-environment jsdom
// The door's snapshot (decision 0084): read back for its own account and day only, never another
// account's or day's, nor one of another shape; gone once cleared.
import { afterEach, describe, expect, it } from 'vitest'
import type { DoorChild } from '#shared/backend/attendance-ports'
import {
  clearDoorSnapshot,
  DOOR_SNAPSHOT_KEY,
  type DoorSnapshot,
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

const snapshot: DoorSnapshot = {
  uid: 'staff-a',
  day: '2026-12-06',
  children: [amara],
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
  it('is read back for its account and day', () => {
    writeDoorSnapshot(snapshot)
    expect(readDoorSnapshot('staff-a', '2026-12-06')).toEqual(snapshot)
  })

  it('is never read for another account, nor another day', () => {
    writeDoorSnapshot(snapshot)
    expect(readDoorSnapshot('staff-b', '2026-12-06')).toBeNull()
    expect(readDoorSnapshot('staff-a', '2026-12-07')).toBeNull()
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
    localStorage.setItem(DOOR_SNAPSHOT_KEY, JSON.stringify({ ...snapshot, v: 2, children: [{ kidId: 1 }] }))
    expect(readDoorSnapshot('staff-a', '2026-12-06')).toBeNull()
    localStorage.setItem(DOOR_SNAPSHOT_KEY, JSON.stringify({ ...snapshot, v: 2, pending: [{ kidId: 1 }] }))
    expect(readDoorSnapshot('staff-a', '2026-12-06')).toBeNull()
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
