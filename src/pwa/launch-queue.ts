// Launches of the installed app that reach an open window. The manifest's launch_handler focuses an
// open window instead of opening a second one; Chromium then leaves that window's page where it is and
// hands the address launched (a home-screen shortcut: 'Add your child', 'My profile') to
// window.launchQueue. This takes the app there, within the app.
//
// Wired from the app layer, which owns the router: consumeLaunchQueue((href) => router.navigate({ href })).
import { SHARE_TARGET_ACTION } from '#shared/device/shared-photos'

/** What Chromium hands over (the Launch Handler API; not in TypeScript's DOM types yet). */
interface LaunchParams {
  readonly targetURL?: string | null
}

interface LaunchQueue {
  setConsumer(consumer: (params: LaunchParams) => void): void
}

/**
 * Navigates the app to each launch's address when it is this site's and not the page already shown.
 * Does nothing where the browser has no launch queue. `navigate` gets the path, search and hash.
 */
export function consumeLaunchQueue(navigate: (href: string) => void, win: Window = window): void {
  const queue = (win as Window & { launchQueue?: LaunchQueue }).launchQueue
  if (!queue || typeof queue.setConsumer !== 'function') return
  queue.setConsumer(({ targetURL }) => {
    if (!targetURL) return
    let target: URL
    try {
      target = new URL(targetURL)
    } catch {
      return
    }
    if (target.origin !== win.location.origin) return
    // A share from the share sheet arrives by its own navigation (the worker has already answered it
    // with the add form); the launch that comes with it names the share's action, not a page.
    if (target.pathname === SHARE_TARGET_ACTION) return
    const href = `${target.pathname}${target.search}${target.hash}`
    // A launch that opened this window was loaded at its address already.
    if (href === `${win.location.pathname}${win.location.search}${win.location.hash}`) return
    navigate(href)
  })
}
