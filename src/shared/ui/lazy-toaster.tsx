import { lazy, Suspense, useSyncExternalStore } from 'react'
import { onToasterWanted, toasterWanted } from './notify'

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })))

/** Spec section 9: top-right, closes after 5000 ms; sonner closes on a swipe past its threshold. */
export function LazyToaster() {
  const wanted = useSyncExternalStore(onToasterWanted, toasterWanted, () => false)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" duration={5000} richColors closeButton />
    </Suspense>
  )
}
