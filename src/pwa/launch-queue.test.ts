import { describe, expect, it, vi } from 'vitest'
import { consumeLaunchQueue } from './launch-queue'

/** A window whose launch queue hands the consumer the launches given, as Chromium does. */
function windowWithLaunchQueue(url: string) {
  let consumer: ((params: { targetURL?: string | null }) => void) | null = null
  const location = new URL(url)
  const win = {
    location,
    launchQueue: {
      setConsumer(next: typeof consumer) {
        consumer = next
      },
    },
  } as unknown as Window
  const launch = (targetURL: string | null) => consumer?.({ targetURL })
  return { win, launch, hasConsumer: () => consumer !== null }
}

describe('consumeLaunchQueue', () => {
  it("navigates the app to a shortcut's address launched into the open window", () => {
    const { win, launch } = windowWithLaunchQueue('https://sunbeam.example/about')
    const navigate = vi.fn()
    consumeLaunchQueue(navigate, win)
    launch('https://sunbeam.example/add-kid')
    launch('https://sunbeam.example/profile?tab=kids#list')
    expect(navigate.mock.calls).toEqual([['/add-kid'], ['/profile?tab=kids#list']])
  })

  it("ignores another site's address, the page already shown, a share's action and an empty launch", () => {
    const { win, launch } = windowWithLaunchQueue('https://sunbeam.example/profile')
    const navigate = vi.fn()
    consumeLaunchQueue(navigate, win)
    launch('https://evil.example/add-kid')
    launch('http://sunbeam.example/add-kid')
    launch('https://sunbeam.example/profile')
    launch('https://sunbeam.example/share-target')
    launch(null)
    launch('not a url::')
    expect(navigate).not.toHaveBeenCalled()
  })

  it('does nothing where the browser has no launch queue', () => {
    const navigate = vi.fn()
    expect(() =>
      consumeLaunchQueue(navigate, { location: new URL('https://sunbeam.example/') } as unknown as Window),
    ).not.toThrow()
    expect(navigate).not.toHaveBeenCalled()
  })
})
