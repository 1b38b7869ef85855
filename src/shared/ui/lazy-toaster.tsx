import { lazy, Suspense, useSyncExternalStore } from 'react'
import { onToasterWanted, toasterWanted } from './notify'

const TOASTER_STYLE = { fontFamily: 'var(--font)' } as const

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })))

/** The product's toasts: top-right, closing after 5000 ms; sonner closes them on a swipe past its threshold. */
export function LazyToaster() {
  const wanted = useSyncExternalStore(onToasterWanted, toasterWanted, () => false)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      {/* sonner sets its own system font on the toaster: the site's font (global.css) instead. */}
      <Toaster position="top-right" duration={5000} richColors closeButton style={TOASTER_STYLE} />
    </Suspense>
  )
}
