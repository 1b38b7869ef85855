// Keeping the device's data (docs/decisions/0022-keep-the-device-data.md): once a child waits in the
// outbox, the app asks the browser to keep the site's data, and 'Your data' on /profile says whether it
// will be kept. Through the app's real routes, a real outbox and a stubbed navigator.storage.
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { storedKid, useKidsWorld } from '#testing/kids/kids-world'
import { deviceDataMessages } from './my-data-section'
import { keepDeviceDataWhenQueued } from './parent-session'

vi.setConfig({ testTimeout: 20_000 })

const world = useKidsWorld()

/** A StorageManager that grants (or refuses) persistent storage when asked. */
function stubStorage(grant: boolean) {
  let kept = false
  const storage = {
    persisted: vi.fn(async () => kept),
    persist: vi.fn(async () => {
      kept = grant
      return grant
    }),
  }
  Object.defineProperty(navigator, 'storage', { value: storage, configurable: true })
  return storage
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
})

afterEach(() => {
  Reflect.deleteProperty(navigator, 'storage')
})

async function queueChild() {
  // The server never answers (a weak connection): the child waits on this device.
  world().kids.ackMode = 'never'
  await world().runtime.outbox.add({
    userId: 'parent1',
    kidId: 'kid-1',
    fields: { ...storedKid('kid-1'), kidName: 'Amara Obi' },
    photos: [{ name: 'kid-1.png', type: 'image/png', data: new ArrayBuffer(40) }],
  })
}

/** 'Your data', once /profile shows it. */
async function yourData() {
  return within(await screen.findByRole('region', { name: 'Your data' }, { timeout: 10_000 }))
}

describe('keeping the device data', () => {
  it("asks once a child is queued, and 'Your data' then says it is kept", async () => {
    const storage = stubStorage(true)
    world.render('/profile')
    await yourData()
    const stop = keepDeviceDataWhenQueued(world().runtime)
    // Nothing waits yet: nothing is asked, and 'Your data' speaks of no keeping (issue 38).
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(storage.persist).not.toHaveBeenCalled()
    expect((await yourData()).queryByText(/^On this device/)).not.toBeInTheDocument()

    await queueChild()
    expect(await (await yourData()).findByText(deviceDataMessages.kept)).toBeInTheDocument()
    expect(storage.persist).toHaveBeenCalledTimes(1)
    stop()
  })

  it('says the data may be cleared when the browser refuses, and asks only once', async () => {
    const storage = stubStorage(false)
    await queueChild()
    const stop = keepDeviceDataWhenQueued(world().runtime)
    await waitFor(() => expect(storage.persist).toHaveBeenCalledTimes(1))
    await queueChild().catch(() => undefined)
    world.render('/profile')
    expect(await (await yourData()).findByText(deviceDataMessages.mayBeCleared)).toBeInTheDocument()
    expect(storage.persist).toHaveBeenCalledTimes(1)
    stop()
  })

  it('says the data may be cleared in a browser that cannot say', async () => {
    await queueChild()
    world.render('/profile')
    expect(await (await yourData()).findByText(deviceDataMessages.mayBeCleared)).toBeInTheDocument()
    expect((await yourData()).queryByText(deviceDataMessages.kept)).not.toBeInTheDocument()
  })
})
