import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import { dismissToasts, onToasterWanted, toasterWanted } from './notify'

const TOASTER_STYLE = { fontFamily: 'var(--font)' } as const

// At the bottom, above the app's status messages (their height is --app-status-space, app-status.css):
// at the top they sat over the header's links and Profile for 5 s (issue 38). Phones: full width.
const ABOVE_STATUS = (gap: string) => `calc(var(--app-status-space, 0px) + ${gap})`
const OFFSET = { bottom: ABOVE_STATUS('24px'), right: '24px' } as const
const MOBILE_OFFSET = { bottom: ABOVE_STATUS('16px'), left: '16px', right: '16px' } as const

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })))

/** What the parent does to go on with the page: scroll it (wheel, finger, keys), tap it, type. */
const ACTS = ['wheel', 'touchmove', 'pointerdown', 'keydown'] as const
/** Keys that move between controls, or that nothing on the page reacts to, are no act of their own. */
const QUIET_KEYS = new Set(['Tab', 'Shift', 'Control', 'Alt', 'Meta', 'CapsLock'])

/**
 * A toast steps aside (is dismissed) once the parent acts on the page outside it: wherever it floats,
 * it then never lies over the control they are about to press (issue 53: 'Signed up successfully' lay
 * over 'Add Child' on a phone for its 5 s). docs/decisions/0065-toasts-step-aside.md.
 */
function useToastsStepAside(active: boolean): void {
  useEffect(() => {
    if (!active) return
    const onAct = (event: Event) => {
      if (event instanceof KeyboardEvent && QUIET_KEYS.has(event.key)) return
      if (event.target instanceof Element && event.target.closest('[data-sonner-toaster]')) return
      if (document.querySelector('[data-sonner-toast]:not([data-removed="true"])')) void dismissToasts()
    }
    for (const act of ACTS) window.addEventListener(act, onAct, { capture: true, passive: true })
    return () => {
      for (const act of ACTS) window.removeEventListener(act, onAct, { capture: true })
    }
  }, [active])
}

/**
 * The product's toasts: bottom-right (full width on a phone), clear of the header's controls, closing
 * after 5000 ms, or as soon as the parent acts on the page (useToastsStepAside); sonner closes them on
 * a swipe past its threshold.
 */
export function LazyToaster() {
  const wanted = useSyncExternalStore(onToasterWanted, toasterWanted, () => false)
  useToastsStepAside(wanted)
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
