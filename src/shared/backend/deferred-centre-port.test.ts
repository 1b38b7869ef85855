// The stand-in for the centre's port while it loads (decision 0088). The port contracts run through it
// too (src/testing/contracts/fakes.test.ts); here, what only the stand-in can get wrong: a listener
// stopped before the port came, 'Show more' pressed meanwhile, a port that never loads.
import { describe, expect, it } from 'vitest'
import { createFakeCentre, FakeCentreServer } from '#testing/backend/fake-centre-ports'
import type { CentrePort } from './centre-ports'
import { deferCentrePort } from './deferred-centre-port'

function later<T>() {
  let resolve: (value: T) => void = () => {}
  let reject: (error: unknown) => void = () => {}
  const promise = new Promise<T>((yes, no) => {
    resolve = yes
    reject = no
  })
  return { promise, resolve, reject }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

function server(inquiries: number): FakeCentreServer {
  const made = new FakeCentreServer()
  made.inquiries = Array.from({ length: inquiries }, (_, n) => ({
    id: `inquiry-${n}`,
    name: `Parent ${n}`,
    lastName: 'Okafor',
    email: `parent${n}@example.com`,
    subject: 'A place',
    message: 'Hello',
    sentAt: 1_000_000 - n,
    handled: false,
    handledBy: null,
  }))
  return made
}

describe('the centre’s port before it has loaded', () => {
  it('starts a listener when the port comes, and then hears it as the port itself does', async () => {
    const loading = later<CentrePort>()
    const port = deferCentrePort(loading.promise)
    const heard: number[] = []
    port.watchRetentionDays(
      (days) => heard.push(days),
      () => {},
    )
    await flush()
    expect(heard).toEqual([])
    const centre = new FakeCentreServer()
    loading.resolve(createFakeCentre(centre))
    await flush()
    await flush()
    expect(heard.length).toBeGreaterThan(0)
    await port.setRetentionDays(400)
    await flush()
    expect(heard.at(-1)).toBe(400)
  })

  it('never starts a listener stopped before the port came', async () => {
    const loading = later<CentrePort>()
    const port = deferCentrePort(loading.promise)
    const heard: number[] = []
    const stop = port.watchRetentionDays(
      (days) => heard.push(days),
      () => {},
    )
    stop()
    loading.resolve(createFakeCentre(new FakeCentreServer()))
    await flush()
    await flush()
    expect(heard).toEqual([])
  })

  it("passes on 'Show more' pressed before the port came", async () => {
    const loading = later<CentrePort>()
    const port = deferCentrePort(loading.promise)
    const pages: number[] = []
    const watch = port.watchInquiries(
      (seen) => pages.push(seen.items.length),
      () => {},
    )
    watch.showMore()
    loading.resolve(createFakeCentre(server(120)))
    await flush()
    await flush()
    // Two pages of 50: the first and the one asked for while the port was loading.
    expect(pages.at(-1)).toBe(100)
    watch.stop()
  })

  it('once the port has come, calls go straight to it, in the same task', async () => {
    const real = createFakeCentre(server(3))
    const asked: string[] = []
    const port = deferCentrePort(
      Promise.resolve({
        ...real,
        watchInquiries: (listener, onError) => {
          asked.push('watchInquiries')
          return real.watchInquiries(listener, onError)
        },
      }),
    )
    await flush()
    const watch = port.watchInquiries(
      () => {},
      () => {},
    )
    // Asked of the port before this test's own code went on: no promise in between.
    expect(asked).toEqual(['watchInquiries'])
    watch.stop()
  })

  it("fails each listener and each call with the load's error when the port cannot load", async () => {
    const loading = later<CentrePort>()
    const port = deferCentrePort(loading.promise)
    const errors: string[] = []
    port.watchMailChoices(
      () => {},
      (error) => errors.push(error.message),
    )
    const counted = port.countInquiries()
    loading.reject(new Error('chunk not kept offline'))
    await expect(counted).rejects.toThrow('chunk not kept offline')
    await flush()
    expect(errors).toEqual(['chunk not kept offline'])
    await expect(port.staffAccess()).rejects.toThrow('chunk not kept offline')
  })
})
