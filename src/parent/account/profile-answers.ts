// What My Profile asks the device and Auth before it can say it all (decision 0098): whether the
// parent's address is confirmed (the e-mail's notice, the push choice's line), whether the browser
// keeps this site's data and how many changes wait to be sent ('Your data''s note). Asked in the
// screen's effects, they came a render after the first: behind the device's picture on a returning
// parent's start, the live page could not match the picture until then. Asked by the profile's loader
// and kept in the parent's scope, they are in the first render; the screens follow every change from
// there as before, and keep the latest for the screen's next visit.
import { useEffect, useState } from 'react'
import { deviceDataKept } from '#shared/device/persistent-storage'
import { within } from '#shared/device/within'
import type { ParentScope } from './parent-scope'
import { useParentScope } from './parent-scope-context'

export interface ProfileAnswers {
  /** Whether the parent's address is confirmed; null when Auth cannot say. */
  readonly emailVerified: boolean | null
  /** Whether the browser keeps this site's data under storage pressure. */
  readonly deviceDataKept: boolean
  /** How many of the parent's changes wait on this device. */
  readonly unsent: number
}

const KEY = 'profile-answers'

/** The answer last known in this scope, or undefined (then the screen asks, as it always did). */
export function recallProfileAnswer<Name extends keyof ProfileAnswers>(
  scope: ParentScope,
  name: Name,
): ProfileAnswers[Name] | undefined {
  return scope.recall<Partial<ProfileAnswers>>(KEY)?.[name]
}

/** Keeps an answer a screen heard, for the screen's next render in this scope. */
export function rememberProfileAnswer<Name extends keyof ProfileAnswers>(
  scope: ParentScope,
  name: Name,
  value: ProfileAnswers[Name],
): void {
  scope.remember<Partial<ProfileAnswers>>(KEY, {
    ...scope.recall<Partial<ProfileAnswers>>(KEY),
    [name]: value,
  })
}

/**
 * Asks all three for the scope's parent, at most `ms` (each answer that came is kept; one that did not
 * is asked by the screen). None of them waits for the network: Auth's answer is what it said last
 * time until it has checked with the server (firebase-auth.ts).
 */
export async function prepareProfileAnswers(scope: ParentScope, ms = 500): Promise<void> {
  const ask = <Name extends keyof ProfileAnswers>(name: Name, answer: Promise<ProfileAnswers[Name]>) =>
    answer.then(
      (value) => rememberProfileAnswer(scope, name, value),
      () => undefined,
    )
  const asked = Promise.all([
    ask('emailVerified', scope.backend.auth.emailVerified()),
    ask('deviceDataKept', deviceDataKept()),
    ask('unsent', scope.outbox.unsentCount(scope.user.uid)),
  ])
  await within(asked, ms, "My Profile's answers").catch(() => undefined)
}

/**
 * Whether the signed-in parent's address is confirmed, for a screen: the loader's answer in the first
 * render, then Auth's; null until known (or when Auth cannot say).
 */
export function useEmailVerified(): boolean | null {
  const scope = useParentScope()
  const [verified, setVerified] = useState(() => recallProfileAnswer(scope, 'emailVerified') ?? null)
  useEffect(() => {
    let live = true
    void scope.backend.auth
      .emailVerified()
      .then((answer) => {
        if (!live) return
        rememberProfileAnswer(scope, 'emailVerified', answer)
        setVerified(answer)
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [scope])
  return verified
}
