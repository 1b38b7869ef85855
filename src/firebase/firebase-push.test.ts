// What this device writes for push (issue 50): only a browser push service's endpoint, under the id the
// rules derive from it (SHA-256 of the endpoint, base64url), with exactly the keys they allow.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { deviceIdOf, deviceRecordOf } from './firebase-push'

const keys = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) }

describe('the push device record', () => {
  it("is a push service's endpoint, under the id derived from it", async () => {
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc:def'
    const device = await deviceRecordOf({ endpoint, keys }, [])
    expect(device).toEqual({ id: await deviceIdOf(endpoint), record: { endpoint, ...keys } })
    expect(device?.id).toBe(createHash('sha256').update(endpoint).digest('base64url'))
    expect(device?.id).toMatch(/^[A-Za-z0-9_-]{43}$/)
    for (const service of [
      'https://updates.push.services.mozilla.com/wpush/v2/x',
      'https://web.push.apple.com/QH',
      'https://wns2-par02p.notify.windows.com/w/?token=x',
    ])
      expect(await deviceRecordOf({ endpoint: service, keys }, []), service).not.toBeNull()
  })

  it('is never written for any other https address, nor without its keys', async () => {
    for (const endpoint of [
      'https://evil.example/push',
      'https://fcm.googleapis.com.evil.example/x',
      'https://fcm.googleapis.com:8443/x',
      'http://fcm.googleapis.com/x',
      'https://user@fcm.googleapis.com/x',
      'https://10.0.0.1/x',
      'https://127.0.0.1:9/push/this-browser',
    ])
      expect(await deviceRecordOf({ endpoint, keys }, []), endpoint).toBeNull()
    expect(
      await deviceRecordOf({ endpoint: 'https://fcm.googleapis.com/x', keys: { auth: 'a' } }, []),
    ).toBeNull()
    // The browser suite's stand-in, where a build talking to the emulators names it.
    expect(
      await deviceRecordOf({ endpoint: 'https://127.0.0.1:9/push/this-browser', keys }, ['127.0.0.1']),
    ).not.toBeNull()
  })
})
