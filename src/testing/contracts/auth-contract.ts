// AuthPort's contract: what the screens rely on, true of the fake and of Firebase Auth alike.
import { afterEach, describe, expect, it } from 'vitest'
import type { AuthUser } from '#shared/backend/backend-ports'
import { heard, type MakeWorld, newEmail, PASSWORD, rejection, signUpParent } from './contract-world'

export function authContract(makeWorld: MakeWorld): void {
  describe('AuthPort', () => {
    let signOut: (() => Promise<void>) | null = null
    afterEach(async () => {
      await signOut?.()
      signOut = null
    })
    const world = async () => {
      const made = await makeWorld()
      signOut = () => made.backend.auth.signOut()
      return made
    }

    it('signs a new parent up and in: the name as typed, the e-mail not yet verified', async () => {
      const { backend } = await world()
      const users = heard<AuthUser | null>()
      const stop = backend.auth.onAuthChange(users.push)
      const email = newEmail()
      const user = await backend.auth.signUp('  Ada   Obi ', email, PASSWORD)
      expect(user).toMatchObject({ email, displayName: 'Ada Obi' })
      await users.until((seen) => seen?.uid === user.uid)
      expect(backend.auth.rememberedUser()?.uid).toBe(user.uid)
      expect(await backend.auth.emailVerified()).toBe(false)
      stop()
    })

    it('refuses a second account for the same address, and the same address is free for the first', async () => {
      const made = await world()
      const email = newEmail()
      await made.backend.auth.signUp('Ada Obi', email, PASSWORD)
      await made.backend.auth.signOut()
      await rejection(made.backend.auth.signUp('Ada Obi', email, PASSWORD))
    })

    it('signs in with the right password only', async () => {
      const { backend } = await world()
      const email = newEmail()
      const user = await backend.auth.signUp('Ada Obi', email, PASSWORD)
      await backend.auth.signOut()
      await rejection(backend.auth.signIn(email, 'not-the-password'))
      expect((await backend.auth.signIn(email, PASSWORD)).uid).toBe(user.uid)
    })

    it('signs out: the change runs the before-change callbacks first, then says nobody', async () => {
      const made = await world()
      await signUpParent(made)
      const order: string[] = []
      const users = heard<AuthUser | null>()
      const stopBefore = made.backend.auth.beforeUserChange(() => {
        order.push('before')
      })
      const stop = made.backend.auth.onAuthChange((user) => {
        if (user === null) order.push('signed out')
        users.push(user)
      })
      await made.backend.auth.signOut()
      await users.until((seen) => seen === null)
      expect(order).toEqual(['before', 'signed out'])
      expect(made.backend.auth.rememberedUser()).toBeNull()
      expect(await made.backend.auth.emailVerified()).toBeNull()
      stop()
      stopBefore()
    })

    it('changes the name: kept on the device, then sent, and announced', async () => {
      const made = await world()
      const user = await signUpParent(made)
      const users = heard<AuthUser | null>()
      const stop = made.backend.auth.onAuthChange(users.push)
      const queued = await made.backend.auth.updateName('Ada Obi-Eze')
      await queued.sent
      await users.until((seen) => seen?.uid === user.uid && seen.displayName === 'Ada Obi-Eze')
      stop()
    })

    it('checks the password again: the wrong one is refused', async () => {
      const made = await world()
      await signUpParent(made)
      await rejection(made.backend.auth.confirmPassword('not-the-password'))
      await made.backend.auth.confirmPassword(PASSWORD)
    })

    it('answers a password reset for an unknown address as for a known one', async () => {
      const { backend } = await world()
      await backend.auth.sendPasswordReset(newEmail())
    })

    it('deletes the account: it cannot sign in again', async () => {
      const made = await world()
      const email = newEmail()
      await made.backend.auth.signUp('Ada Obi', email, PASSWORD)
      await made.backend.auth.deleteAccount()
      expect(made.backend.auth.rememberedUser()).toBeNull()
      await rejection(made.backend.auth.signIn(email, PASSWORD))
    })
  })
}
