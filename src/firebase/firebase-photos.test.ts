import { describe, expect, it } from 'vitest'
import { ABORTED } from '#shared/backend/kids-ports'
import { toStorageBackendError } from './firebase-photos'

describe('photo storage errors', () => {
  it('sorts rule refusals as permanent, network trouble as transient, and a cancel as aborted', () => {
    expect(toStorageBackendError({ code: 'storage/unauthorized', message: 'no' }).permanent).toBe(true)
    expect(toStorageBackendError({ code: 'storage/retry-limit-exceeded' }).permanent).toBe(false)
    expect(toStorageBackendError(new Error('boom')).permanent).toBe(false)
    expect(toStorageBackendError({ code: 'storage/canceled' }).code).toBe(ABORTED)
  })
})
