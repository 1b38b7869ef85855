// AuthPort on Firebase Authentication (e-mail and password), plus the users/{uid} record it owns.
import {
  beforeAuthStateChanged,
  createUserWithEmailAndPassword,
  deleteUser,
  EmailAuthProvider,
  type User as FirebaseUser,
  onAuthStateChanged,
  reauthenticateWithCredential,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  updateProfile,
} from 'firebase/auth'
import { doc, serverTimestamp, setDoc, updateDoc } from 'firebase/firestore'
import type { AuthPort, AuthUser } from '#shared/backend/backend-ports'
import { readRememberedEmailVerified, readRememberedStaff } from '#shared/device/remembered-account'
import { isValidUserName, newUserRecord, normalizeUserName } from '#shared/records/user-record'
import type { FirebaseServices } from './firebase-app'
import { firebaseErrorCode } from './firebase-errors'
import { queuedWrite } from './firebase-local-commit'
import { rememberParent } from './remembered-parent'

function toAuthUser(user: FirebaseUser): AuthUser {
  return { uid: user.uid, email: user.email, displayName: user.displayName }
}

export function createFirebaseAuth(services: FirebaseServices): AuthPort {
  const { auth } = services
  const listeners = new Set<(user: AuthUser | null) => void>()
  let known = false

  // Firebase does not announce a changed displayName, so the adapter re-announces the user itself after
  // sign-up and name changes; screens then show the new name at once.
  // The remembered parent whose session Auth's first answer refused; a later sign-out is only that.
  let refused: AuthUser | null = null

  function announce(user: FirebaseUser | null) {
    const next = user ? toAuthUser(user) : null
    if (!known && !next && services.remembered) refused = services.remembered
    if (next) refused = null
    known = true
    // What the next start shows before Auth has checked the session with the server.
    // Whether the account is staff is the centre's adapter's to say (staffAccess(), from the token),
    // kept here for the same account only (docs/decisions/0083).
    rememberParent(next, user?.emailVerified, next ? readRememberedStaff(next.uid) : false)
    for (const listener of listeners) listener(next)
  }

  /** The signed-in user once Auth has answered (a remembered parent is not signed in before that). */
  async function confirmedUser(): Promise<FirebaseUser> {
    await auth.authStateReady()
    const user = auth.currentUser
    if (!user) throw new Error('Not signed in')
    return user
  }

  onAuthStateChanged(auth, announce)

  return {
    beforeUserChange(callback) {
      // Runs before a sign-in, sign-out or account switch made in this tab takes effect.
      return beforeAuthStateChanged(auth, async () => {
        await callback()
      })
    },

    rememberedUser() {
      if (known) return auth.currentUser ? toAuthUser(auth.currentUser) : null
      return services.remembered
    },

    sessionRefused: () => refused,

    async confirmPassword(password) {
      const user = await confirmedUser()
      if (!user.email) throw new Error('Not signed in')
      await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password))
    },

    async deleteAccount() {
      await deleteUser(await confirmedUser())
    },

    onAuthChange(listener) {
      listeners.add(listener)
      if (known) listener(auth.currentUser ? toAuthUser(auth.currentUser) : null)
      return () => {
        listeners.delete(listener)
      }
    },

    async signIn(email, password) {
      const credential = await signInWithEmailAndPassword(auth, email.trim(), password)
      return toAuthUser(credential.user)
    },

    async signUp(name, email, password) {
      const { user } = await createUserWithEmailAndPassword(auth, email.trim(), password)
      // The verification e-mail, never awaited: nothing a parent does waits for it or fails with it
      // (the profile offers 'Resend'). Staff access needs a verified address (decision 0026).
      sendEmailVerification(user).catch((error: unknown) =>
        console.warn('The verification e-mail could not be sent', firebaseErrorCode(error)),
      )
      // The e-mail as Firebase stored it (lower case): firestore.rules compares it with the token's.
      const record = newUserRecord(name, user.email ?? email)
      await updateProfile(user, { displayName: record.name })
      // Only name and e-mail are stored, never the password; the timestamp is the server's.
      const ref = doc(await services.db(), 'users', user.uid)
      await queuedWrite(ref, setDoc(ref, { ...record, timestamp: serverTimestamp() }), 'Your account record')
      announce(user)
      return toAuthUser(user)
    },

    async signOut() {
      await signOut(auth)
    },

    async sendPasswordReset(email) {
      try {
        await sendPasswordResetEmail(auth, email.trim())
      } catch (error) {
        // An unknown address gets the same answer as a known one: the form must not reveal who has an
        // account (Firebase itself does the same when e-mail enumeration protection is on).
        if (firebaseErrorCode(error) === 'auth/user-not-found') return
        throw error
      }
    },

    async emailVerified() {
      // Before Auth's first answer, what it said last time (it may wait 30 s for the server).
      const remembered = known ? null : services.remembered
      const last = remembered ? readRememberedEmailVerified(remembered.uid) : null
      if (last !== null) return last
      await auth.authStateReady()
      return auth.currentUser ? auth.currentUser.emailVerified : null
    },

    async sendEmailVerification() {
      const user = await confirmedUser()
      // The link may have been followed since this device last asked: the server says.
      await user.reload()
      if (user.emailVerified) return 'verified'
      await sendEmailVerification(user)
      return 'sent'
    },

    async updateName(typedName) {
      const user = await confirmedUser()
      const name = normalizeUserName(typedName)
      // The rules would refuse it later, silently for the parent: refuse it now.
      if (!isValidUserName(name)) throw new Error('A name is required')
      await updateProfile(user, { displayName: name })
      const ref = doc(await services.db(), 'users', user.uid)
      const queued = await queuedWrite(ref, updateDoc(ref, { name }), 'Your new name')
      announce(user)
      return queued
    },
  }
}
