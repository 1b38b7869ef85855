import { lazy, Suspense, useSyncExternalStore } from 'react'
import { onToasterWanted, toasterWanted } from './notify'

const TOASTER_STYLE = { fontFamily: 'var(--font)' } as const

// At the bottom, above the app's status messages (their height is --app-status-space, app-status.css):
// at the top they sat over the header's links and Profile for 5 s (issue 38). Phones: full width.
const ABOVE_STATUS = (gap: string) => `calc(var(--app-status-space, 0px) + ${gap})`
const OFFSET = { bottom: ABOVE_STATUS('24px'), right: '24px' } as const
const MOBILE_OFFSET = { bottom: ABOVE_STATUS('16px'), left: '16px', right: '16px' } as const

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })))

/**
 * The product's toasts: bottom-right (full width on a phone), clear of the header's controls, closing
 * after 5000 ms; sonner closes them on a swipe past its threshold.
 */
export function LazyToaster() {
  const wanted = useSyncExternalStore(onToasterWanted, toasterWanted, () => false)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      {/* sonner sets its own system font on the toaster: the site's font (global.css) instead. */}
      <Toaster
        position="bottom-right"
        offset={OFFSET}
        mobileOffset={MOBILE_OFFSET}
        duration={5000}
        richColors
        closeButton
        style={TOASTER_STYLE}
      />
    </Suspense>
  )
}
