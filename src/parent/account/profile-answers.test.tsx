// What My Profile asks the device and Auth, asked by its loader (decision 0098): kept in the parent's
// scope, in the screen's first render, never waited for past the bound, and gone with the scope.
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createOutboxRuntime, type OutboxRuntime } from '#parent/outbox/outbox-runtime'
import { newRandomId } from '#shared/records/ids'
import { createFakeAuth, createFakeBackend } from '#testing/backend/fake-backend'
import { EmailVerification } from './email-verification'
import { ParentScope } from './parent-scope'
import { ParentScopeProvider } from './parent-scope-context'
import { prepareProfileAnswers, recallProfileAnswer } from './profile-answers'

const runtimes: OutboxRuntime[] = []

afterEach(() => {
  for (const runtime of runtimes.splice(0)) runtime.close()
})

/** A new parent, signed in and not yet verified, in their scope. */
async function newParentScope() {
  const auth = createFakeAuth()
  const backend = createFakeBackend(auth)
  const user = await auth.signUp('Ngozi', `ngozi-${newRandomId(6)}@example.com`, 'secret123')
  const runtime = await createOutboxRuntime(backend, { dbName: `answers-${newRandomId(8)}` })
  runtimes.push(runtime)
  return new ParentScope(user, runtime)
}

describe("My Profile's answers, asked by its loader", () => {
  it('are kept in the scope: the address not confirmed, the data not kept, nothing waiting', async () => {
    const scope = await newParentScope()
    await prepareProfileAnswers(scope)
    expect(recallProfileAnswer(scope, 'emailVerified')).toBe(false)
    // jsdom has no StorageManager: the browser cannot say it keeps the data.
    expect(recallProfileAnswer(scope, 'deviceDataKept')).toBe(false)
    expect(recallProfileAnswer(scope, 'unsent')).toBe(0)
    scope.dispose()
    expect(recallProfileAnswer(scope, 'emailVerified')).toBeUndefined()
  })

  it("put 'Please confirm your e-mail address' in the first render, not a moment after", async () => {
    const scope = await newParentScope()
    await prepareProfileAnswers(scope)
    render(
      <ParentScopeProvider scope={scope}>
        <EmailVerification email="ngozi@example.com" />
      </ParentScopeProvider>,
    )
    // getBy, not findBy: there at once.
    expect(screen.getByRole('button', { name: 'Resend' })).toBeInTheDocument()
  })

  it('are not waited for past the bound: an answer that never comes is asked by the screen', async () => {
    const scope = await newParentScope()
    scope.backend.auth.emailVerified = () => new Promise<boolean | null>(() => undefined)
    // Without the bound this would never resolve (the test's own timeout would end it).
    await prepareProfileAnswers(scope, 50)
    expect(recallProfileAnswer(scope, 'emailVerified')).toBeUndefined()
    expect(recallProfileAnswer(scope, 'unsent')).toBe(0)
  })
})
