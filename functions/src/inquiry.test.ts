// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  addressBlock,
  CEILING_KEY,
  callerAddress,
  INQUIRY_HOURLY_CEILING,
  INQUIRY_LIMIT,
  INQUIRY_WINDOW_MS,
  quotaKey,
  receiveInquiry,
} from './inquiry'
import { fakeInquiryPorts } from './testing/fake-inquiries'

const now = Date.parse('2026-11-27T10:00:00Z')
const MINUTE = 60_000
let counter = 0
function newId() {
  counter += 1
  return `inquiry${String(counter).padStart(13, '0')}`
}
/** A client id as the browser makes one: 20 letters and digits. */
const clientId = (tag: string) => tag.padEnd(20, 'A')

const visitor = { address: '203.0.113.7', verified: true }
const fields = {
  name: ' Ada ',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  subject: 'A visit',
  message: 'Could we visit\r\non Monday?',
  website: '',
  client: clientId('client'),
}
const send = (
  ports: ReturnType<typeof fakeInquiryPorts>,
  overrides: Record<string, unknown> = {},
  { at = now, caller = visitor, requireAppCheck = false, ceiling = INQUIRY_HOURLY_CEILING } = {},
) =>
  receiveInquiry({ ...fields, id: newId(), ...overrides }, caller, ports, {
    requireAppCheck,
    now: at,
    ceiling,
  })

describe('an inquiry through the function', () => {
  it('is stored normalized, with the schema of the form', async () => {
    const ports = fakeInquiryPorts()
    const id = newId()
    expect(await send(ports, { id })).toEqual({ status: 'received' })
    expect(ports.stored.get(id)).toEqual({
      name: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      subject: 'A visit',
      message: 'Could we visit\non Monday?',
    })
  })

  it('is refused with the fields at fault when the schema refuses it', async () => {
    const ports = fakeInquiryPorts()
    expect(await send(ports, { email: 'no-at-sign', message: '   ' })).toEqual({
      status: 'refused',
      reason: 'invalid',
      fields: ['message', 'email'],
    })
    expect(await send(ports, { id: 'short' })).toMatchObject({ status: 'refused', reason: 'invalid' })
    expect(ports.stored.size).toBe(0)
  })

  it('refuses an e-mail with a space or two @, or over its limit; accepts any letters, s included', async () => {
    const ports = fakeInquiryPorts()
    for (const email of [
      'ada lovelace@example.com',
      'ada@@example.com',
      'ada@example@com',
      `${'a'.repeat(254)}@x.ng`,
    ])
      expect(await send(ports, { email })).toMatchObject({ reason: 'invalid', fields: ['email'] })
    for (const email of ['sam.smith@schools.example', 'SS@S.S', 'ada+visits@example.com'])
      expect(await send(ports, { email })).toEqual({ status: 'received' })
  })

  it('from a bot (the hidden field filled) is answered and dropped', async () => {
    const ports = fakeInquiryPorts()
    expect(await send(ports, { website: 'http://spam' })).toEqual({ status: 'received' })
    expect(ports.stored.size).toBe(0)
    expect(ports.sent.size).toBe(0)
  })

  it('sent again under the same id is stored and counted once', async () => {
    const ports = fakeInquiryPorts()
    const id = newId()
    await send(ports, { id })
    expect(await send(ports, { id })).toEqual({ status: 'received' })
    expect(ports.stored.size).toBe(1)
    expect(ports.sent.get(quotaKey('client', fields.client))).toHaveLength(1)
  })

  it('without a verified App Check token is refused where App Check is required', async () => {
    const ports = fakeInquiryPorts()
    const caller = { address: visitor.address, verified: false }
    expect(await send(ports, {}, { caller, requireAppCheck: true })).toEqual({
      status: 'refused',
      reason: 'not-verified',
    })
    expect(await send(ports, {}, { caller, requireAppCheck: false })).toEqual({ status: 'received' })
  })
})

describe('the hourly bound', () => {
  it('is 5 an hour', () => {
    expect(INQUIRY_LIMIT).toBe(5)
    expect(INQUIRY_WINDOW_MS).toBe(60 * MINUTE)
  })

  it('refuses the 6th within an hour from one address, even from new clients', async () => {
    const ports = fakeInquiryPorts()
    for (let i = 0; i < 5; i += 1)
      expect(await send(ports, { client: clientId(`client${i}`) }, { at: now + i * MINUTE })).toEqual({
        status: 'received',
      })
    expect(await send(ports, { client: clientId('client9') }, { at: now + 10 * MINUTE })).toEqual({
      status: 'refused',
      reason: 'too-many',
    })
    expect(ports.stored.size).toBe(5)
    // An hour after the first, one more is allowed.
    expect(await send(ports, { client: clientId('client9') }, { at: now + 60 * MINUTE })).toEqual({
      status: 'received',
    })
  })

  it('refuses the 6th within an hour from one client, whatever its addresses', async () => {
    const ports = fakeInquiryPorts()
    for (let i = 0; i < 5; i += 1)
      await send(ports, {}, { caller: { address: `198.51.100.${i}`, verified: true }, at: now + i * MINUTE })
    expect(await send(ports, {}, { caller: { address: '198.51.100.99', verified: true } })).toMatchObject({
      reason: 'too-many',
    })
  })

  it('a refused inquiry counts for nothing, and other visitors are not bounded by it', async () => {
    const ports = fakeInquiryPorts()
    for (let i = 0; i < 7; i += 1) await send(ports)
    expect(ports.sent.get(quotaKey('address', visitor.address))).toHaveLength(5)
    expect(
      await send(ports, { client: clientId('other') }, { caller: { address: '192.0.2.1', verified: true } }),
    ).toEqual({ status: 'received' })
  })

  it('bounds the local machine by client only (the emulators: every test comes from 127.0.0.1)', async () => {
    const ports = fakeInquiryPorts()
    const local = { address: '127.0.0.1', verified: true }
    for (let i = 0; i < 6; i += 1)
      expect(await send(ports, { client: clientId(`local${i}`) }, { caller: local })).toEqual({
        status: 'received',
      })
    expect([...ports.sent.keys()].some((key) => key.startsWith('address-'))).toBe(false)
  })
})

describe("the caller's address", () => {
  it("is the last X-Forwarded-For entry (the front end's), else the connection's", () => {
    expect(callerAddress('1.1.1.1, 203.0.113.7', '10.0.0.1')).toBe('203.0.113.7')
    expect(callerAddress(['1.1.1.1', '203.0.113.8'])).toBe('203.0.113.8')
    expect(callerAddress(undefined, '10.0.0.1')).toBe('10.0.0.1')
    expect(callerAddress('', undefined)).toBeNull()
  })

  it('is kept only as a hash', () => {
    expect(quotaKey('address', '203.0.113.7')).toMatch(/^address-[0-9a-f]{40}$/)
    expect(quotaKey('address', '203.0.113.7')).not.toContain('203')
  })
})

describe('issue 50: IPv6 networks and the hourly ceiling', () => {
  it('counts an IPv6 address by its /64, an IPv4 address whole', () => {
    expect(addressBlock('2001:db8:85a3:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:85a3:1::/64')
    expect(addressBlock('2001:0db8:85a3:0001::1')).toBe('2001:db8:85a3:1::/64')
    expect(addressBlock('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(addressBlock('[2001:db8:85a3:1::7]')).toBe('2001:db8:85a3:1::/64')
    expect(addressBlock('2001:DB8:85A3:1::7')).toBe('2001:db8:85a3:1::/64')
    expect(addressBlock('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(addressBlock('203.0.113.7')).toBe('203.0.113.7')
    expect(addressBlock('not an address')).toBeNull()
    expect(addressBlock('1:2:3:4:5:6:7:8:9')).toBeNull()
  })

  it('refuses the 6th from one /64 whatever the rest of the address and the browser id', async () => {
    const ports = fakeInquiryPorts()
    const from = (i: number) => ({ address: `2001:db8:85a3:1:${i.toString(16)}::${i + 1}`, verified: true })
    for (let i = 0; i < 5; i += 1)
      expect(await send(ports, { client: clientId(`v6c${i}`) }, { caller: from(i) })).toEqual({
        status: 'received',
      })
    expect(await send(ports, { client: clientId('v6c9') }, { caller: from(199) })).toMatchObject({
      reason: 'too-many',
    })
    // Control: the next /64 is someone else's.
    expect(
      await send(
        ports,
        { client: clientId('v6other') },
        {
          caller: { address: '2001:db8:85a3:2::1', verified: true },
        },
      ),
    ).toEqual({ status: 'received' })
  })

  it('refuses every inquiry past the hourly ceiling, from anyone, until the hour has passed', async () => {
    expect(INQUIRY_HOURLY_CEILING).toBe(60)
    const ports = fakeInquiryPorts()
    const caller = (i: number) => ({ address: `198.51.100.${i}`, verified: true })
    for (let i = 0; i < 3; i += 1)
      expect(
        await send(ports, { client: clientId(`ceil${i}`) }, { caller: caller(i), ceiling: 3, at: now + i }),
      ).toEqual({ status: 'received' })
    expect(
      await send(ports, { client: clientId('ceil9') }, { caller: caller(9), ceiling: 3, at: now + 10 }),
    ).toMatchObject({ reason: 'too-many' })
    expect(ports.sent.get(CEILING_KEY)).toHaveLength(3)
    expect(
      await send(
        ports,
        { client: clientId('ceil9') },
        { caller: caller(9), ceiling: 3, at: now + 60 * MINUTE },
      ),
    ).toEqual({ status: 'received' })
  })
})
