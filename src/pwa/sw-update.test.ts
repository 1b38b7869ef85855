// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { WAIT } from '#testing/timeouts'
import { hasUnsavedInput } from './status-actions'
import { applyUpdate, registerServiceWorker, resetUpdateState, updateWaiting } from './sw-update'

// Stand-ins for the browser's service worker objects: event targets whose state the test moves on.
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing'
  readonly postMessage = vi.fn()
  moveTo(state: ServiceWorkerState) {
    this.state = state
    this.dispatchEvent(new Event('statechange'))
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null
  waiting: FakeWorker | null = null
  active: FakeWorker | null = null
  readonly update = vi.fn(() => Promise.resolve())
  /** The browser found a new worker: it installs, then waits (or, the first of all, takes over). */
  found(worker: FakeWorker) {
    this.installing = worker
    this.dispatchEvent(new Event('updatefound'))
  }
  installed(worker: FakeWorker) {
    this.installing = null
    this.waiting = worker
    worker.moveTo('installed')
  }
  activated(worker: FakeWorker) {
    this.waiting = null
    this.active = worker
    worker.moveTo('activating')
  }
}

let registration: FakeRegistration
let container: EventTarget & { register: ReturnType<typeof vi.fn> }

describe('registerServiceWorker', () => {
  beforeEach(() => {
    resetUpdateState()
    registration = new FakeRegistration()
    container = Object.assign(new EventTarget(), { register: vi.fn(() => Promise.resolve(registration)) })
    vi.stubEnv('PROD', true)
    Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true })
    delete document.documentElement.dataset.workerRegistration
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllEnvs()
    Reflect.deleteProperty(navigator, 'serviceWorker')
  })

  const registered = async () => {
    await vi.waitFor(() => expect(document.documentElement.dataset.workerRegistration).toBe('done'), WAIT)
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' })
  }

  /** A new version installs and stays waiting: the app offers it. */
  const newVersionWaits = async () => {
    const next = new FakeWorker()
    registration.found(next)
    registration.installed(next)
    await vi.waitFor(() => expect(updateWaiting()).toBe(true), WAIT)
    return next
  }

  it('registers /sw.js, offers a new version once it waits, and reloads only after applyUpdate', async () => {
    const reload = vi.fn()
    registerServiceWorker(reload)
    await registered()

    const next = await newVersionWaits()
    expect(next.postMessage).not.toHaveBeenCalled()

    applyUpdate()
    expect(next.postMessage).toHaveBeenCalledExactlyOnceWith({ type: 'SKIP_WAITING' })
    registration.activated(next)
    container.dispatchEvent(new Event('controllerchange'))
    expect(reload).toHaveBeenCalledTimes(1)
    expect(updateWaiting()).toBe(false)
  })

  it('offers at once a version that was already waiting when the page loaded', async () => {
    const earlier = new FakeWorker()
    earlier.state = 'installed'
    registration.waiting = earlier
    registerServiceWorker(vi.fn())
    await registered()
    expect(updateWaiting()).toBe(true)
  })

  it('the first worker of all, which takes over at once, is no new version, and reloads nothing', async () => {
    vi.useFakeTimers()
    const reload = vi.fn()
    registerServiceWorker(reload)
    await vi.waitFor(() => expect(document.documentElement.dataset.workerRegistration).toBe('done'), WAIT)
    const first = new FakeWorker()
    registration.found(first)
    registration.installed(first)
    registration.activated(first)
    // Not even for a moment before it takes control (a flash of 'A new version is ready').
    expect(updateWaiting()).toBe(false)
    await vi.advanceTimersByTimeAsync(1000)
    expect(updateWaiting()).toBe(false)
    container.dispatchEvent(new Event('controllerchange'))
    expect(reload).not.toHaveBeenCalled()
  })

  it('does not reload when another tab applied the update', async () => {
    const reload = vi.fn()
    registerServiceWorker(reload)
    await registered()
    const next = await newVersionWaits()
    registration.activated(next) // Reload pressed in another tab
    container.dispatchEvent(new Event('controllerchange'))
    expect(reload).not.toHaveBeenCalled()
    expect(updateWaiting()).toBe(false)
  })

  it('says so when the registration fails, without a page error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    container.register.mockImplementation(() => Promise.reject(new Error('blocked')))
    registerServiceWorker(vi.fn())
    await vi.waitFor(() => expect(document.documentElement.dataset.workerRegistration).toBe('failed'), WAIT)
    expect(warn).toHaveBeenCalledWith('The service worker could not be registered', expect.any(Error))
  })

  it('does nothing in development builds', async () => {
    vi.stubEnv('PROD', false)
    registerServiceWorker(vi.fn())
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(container.register).not.toHaveBeenCalled()
    expect(document.documentElement.dataset.workerRegistration).toBeUndefined()
  })
})

describe('hasUnsavedInput', () => {
  function formWith(html: string) {
    const root = document.createElement('div')
    root.innerHTML = `<form>${html}</form>`
    return root
  }

  it('is false for untouched fields and true once something was typed, chosen or ticked', () => {
    const root = formWith(
      '<input name="a" value="preset"><textarea name="b"></textarea><select name="c"><option selected>Monthly</option><option>Weekly</option></select><input type="checkbox" name="d">',
    )
    expect(hasUnsavedInput(root)).toBe(false)

    const input = root.querySelector('input[name="a"]') as HTMLInputElement
    input.value = 'changed'
    expect(hasUnsavedInput(root)).toBe(true)
    input.value = 'preset'

    ;(root.querySelector('textarea') as HTMLTextAreaElement).value = 'Osongama Estate'
    expect(hasUnsavedInput(root)).toBe(true)
    ;(root.querySelector('textarea') as HTMLTextAreaElement).value = ''

    ;(root.querySelector('select') as HTMLSelectElement).value = 'Weekly'
    expect(hasUnsavedInput(root)).toBe(true)
    ;(root.querySelector('select') as HTMLSelectElement).value = 'Monthly'

    ;(root.querySelector('input[type="checkbox"]') as HTMLInputElement).checked = true
    expect(hasUnsavedInput(root)).toBe(true)
  })

  it('ignores fields outside forms', () => {
    const root = document.createElement('div')
    root.innerHTML = '<input name="search">'
    ;(root.querySelector('input') as HTMLInputElement).value = 'typed'
    expect(hasUnsavedInput(root)).toBe(false)
  })
})
