import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { applyUpdate, registerServiceWorker, resetUpdateState, updateWaiting } from './sw-update'
import { hasUnsavedInput } from './unsaved-input'

// A stand-in for workbox-window's Workbox: an event target whose events the test fires.
const workboxes: FakeWorkbox[] = []
class FakeWorkbox extends EventTarget {
  register = vi.fn(() => Promise.resolve(undefined))
  update = vi.fn(() => Promise.resolve())
  messageSkipWaiting = vi.fn()
  constructor(
    readonly url: string,
    readonly options: { scope: string },
  ) {
    super()
    workboxes.push(this)
  }
}
vi.mock('workbox-window', () => ({ Workbox: FakeWorkbox }))

function workboxEvent(type: string, isUpdate: boolean) {
  return Object.assign(new Event(type), { isUpdate })
}

describe('registerServiceWorker', () => {
  beforeEach(() => {
    resetUpdateState()
    workboxes.length = 0
    vi.stubEnv('PROD', true)
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true })
  })
  afterEach(() => {
    vi.unstubAllEnvs()
    Reflect.deleteProperty(navigator, 'serviceWorker')
  })

  it('registers /sw.js, offers the waiting version and reloads only after applyUpdate', async () => {
    const reload = vi.fn()
    registerServiceWorker(reload)
    await vi.waitFor(() => expect(workboxes[0]?.register).toHaveBeenCalled())
    const wb = workboxes[0] as FakeWorkbox
    expect(wb.url).toBe('/sw.js')

    wb.dispatchEvent(workboxEvent('waiting', true))
    expect(updateWaiting()).toBe(true)
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled()

    applyUpdate()
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1)
    wb.dispatchEvent(workboxEvent('controlling', true))
    expect(reload).toHaveBeenCalledTimes(1)
    expect(updateWaiting()).toBe(false)
  })

  it('does not reload when the first worker takes control, nor when another tab applied the update', async () => {
    const reload = vi.fn()
    registerServiceWorker(reload)
    await vi.waitFor(() => expect(workboxes[0]?.register).toHaveBeenCalled())
    const wb = workboxes[0] as FakeWorkbox
    wb.dispatchEvent(workboxEvent('controlling', false))
    wb.dispatchEvent(workboxEvent('waiting', true))
    wb.dispatchEvent(workboxEvent('controlling', true))
    expect(reload).not.toHaveBeenCalled()
  })

  it('does nothing in development builds', async () => {
    vi.stubEnv('PROD', false)
    registerServiceWorker(vi.fn())
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(workboxes).toHaveLength(0)
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
