// The sign-in form /centre sends staff to starts loading the centre's code while they type
// (npm run bench: /centre from the sign-in's submit); a parent's sign-in does not.
import { createMemoryHistory } from '@tanstack/react-router'
import { describe, expect, it, vi } from 'vitest'
import type { CentreArea, CentreGuard } from './centre-guard'
import { lazyGuard } from './lazy-guard'
import type { ParentGuard } from './parent-guard'
import { createAppRouter } from './router'

const never = <T>() => new Promise<T>(() => {})

async function openLogin(href: string) {
  const centreArea: CentreArea = { loaded: null, require: never, load: vi.fn(never<CentreGuard>) }
  const router = createAppRouter(
    { parentArea: lazyGuard(never<ParentGuard>), centreArea },
    createMemoryHistory({ initialEntries: [href] }),
  )
  await router.load()
  return centreArea.load
}

describe('the sign-in form', () => {
  it("loads the centre's guard when /centre sent the visitor there", async () => {
    expect(await openLogin('/login?redirect=%2Fcentre%2Finquiries')).toHaveBeenCalledTimes(1)
  })

  it("loads nothing of the centre's for anyone else", async () => {
    expect(await openLogin('/login?redirect=%2Fprofile')).not.toHaveBeenCalled()
    expect(await openLogin('/login')).not.toHaveBeenCalled()
  })
})
