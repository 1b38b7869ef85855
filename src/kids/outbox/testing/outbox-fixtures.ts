// What the outbox's tests share: a child's fields, photos ready to queue, and locks shared by the
// senders of one test (like Web Locks across the tabs of one browser).
import { pngBytes } from '../../../shared/backend/testing/fake-kids-ports'
import type { LockFn } from '../../../shared/device/web-lock'
import { defaultKidFields, type KidFields } from '../../../shared/records/kid-record'
import type { PreparedPhoto } from '../outbox-store'

export const PARENT = 'parent1'
export const OTHER = 'parent2'

export function fields(kidName: string, overrides: Partial<KidFields> = {}): KidFields {
  return {
    ...defaultKidFields(),
    kidName,
    kidAge: '4',
    parentName: 'Ada Parent',
    parentAge: '34',
    parentPhone: '+234 800 000 0000',
    address: '1 Sunny Road\nUyo',
    ...overrides,
  }
}

export function photos(...names: string[]): PreparedPhoto[] {
  return names.map((name, i) => ({ name, type: 'image/png', data: pngBytes(100 + i) }))
}

/** Locks shared by every sender of a test, like Web Locks across the tabs of one browser. */
export function sharedLocks(): LockFn {
  const tails = new Map<string, Promise<void>>()
  return (name, signal, work) => {
    const run = (tails.get(name) ?? Promise.resolve()).then(() => (signal.aborted ? undefined : work()))
    tails.set(
      name,
      run.catch(() => undefined),
    )
    return run
  }
}
