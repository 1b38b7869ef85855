import { lazy, Suspense, useSyncExternalStore } from 'react'
import { onToasterWanted, toasterWanted } from './notify'

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })))

/** The product's toasts: top-right, closing after 5000 ms; sonner closes them on a swipe past its threshold. */
export function LazyToaster() {
  const wanted = useSyncExternalStore(onToasterWanted, toasterWanted, () => false)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" duration={5000} richColors closeButton />
    </Suspense>
  )
}
