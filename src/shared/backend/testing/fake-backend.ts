// An in-memory AuthPort/InquiriesPort for component tests (never imported by the app). It behaves like
// Firebase where the screens can tell: wrong passwords and taken e-mails fail, names can be changed.

import type { InquiryRecord } from '../../records/inquiry-record'
import { newUserRecord } from '../../records/user-record'
import type { AuthPort, AuthUser, Backend, InquiriesPort } from '../backend-ports'
import { FakeKidsPort, FakePhotoStorage } from './fake-kids-ports'

interface Account {
  uid: string
  email: string
  password: string
  displayName: string | null
}

export interface FakeAuth extends AuthPort {
  readonly calls: {
    signIn: string[]
    signUp: { name: string; email: string }[]
    signOut: number
    sendPasswordReset: string[]
    updateName: string[]
  }
  /** users/{uid} as the adapter would write it (never the password). */
  readonly userDocs: Map<string, { name: string; email: string }>
  /** Make the next call of this method fail. */
  failNext(method: 'updateName' | 'sendPasswordReset' | 'signOut' | 'signUp'): void
  /** Hold calls of this method until release() (to see busy states). */
  hold(method: 'signIn' | 'signUp' | 'updateName'): { release: () => void }
  /** Never report the signed-in state (the guard's pending loader stays). */
  stayPending(): void
  addAccount(email: string, password: string, displayName: string | null): AuthUser
  /** Starts signed in as this user (an account with a random password is made for it). */
  startSignedInAs(user: AuthUser): void
  current(): AuthUser | null
}

export function createFakeAuth(): FakeAuth {
  const accounts = new Map<string, Account>()
  const listeners = new Set<(user: AuthUser | null) => void>()
  const failing = new Set<string>()
  const holds = new Map<string, Promise<void>>()
  const userDocs = new Map<string, { name: string; email: string }>()
  let signedIn: Account | null = null
  let pendingForever = false
  let nextUid = 1

  const toUser = (a: Account): AuthUser => ({ uid: a.uid, email: a.email, displayName: a.displayName })
  const announce = () => {
    for (const listener of listeners) listener(signedIn ? toUser(signedIn) : null)
  }
  const maybeFail = (method: string) => {
    if (failing.delete(method)) throw new Error(`fake ${method} failure`)
  }
  const waitHold = async (method: string) => {
    await holds.get(method)
  }

  const calls: FakeAuth['calls'] = {
    signIn: [],
    signUp: [],
    signOut: 0,
    sendPasswordReset: [],
    updateName: [],
  }

  return {
    calls,
    userDocs,
    failNext: (method) => failing.add(method),
    hold(method) {
      let release = () => {}
      holds.set(
        method,
        new Promise<void>((resolve) => {
          release = () => {
            holds.delete(method)
            resolve()
          }
        }),
      )
      return { release: () => release() }
    },
    stayPending: () => {
      pendingForever = true
    },
    addAccount(email, password, displayName) {
      const account = { uid: `uid-${nextUid++}`, email, password, displayName }
      accounts.set(email, account)
      return toUser(account)
    },
    startSignedInAs(user) {
      const account = {
        uid: user.uid,
        email: user.email ?? `${user.uid}@example.com`,
        password: `pw-${user.uid}`,
        displayName: user.displayName,
      }
      accounts.set(account.email, account)
      signedIn = account
    },
    current: () => (signedIn ? toUser(signedIn) : null),

    onAuthChange(listener) {
      listeners.add(listener)
      if (!pendingForever) queueMicrotask(() => listener(signedIn ? toUser(signedIn) : null))
      return () => {
        listeners.delete(listener)
      }
    },
    async signIn(email, password) {
      calls.signIn.push(email)
      await waitHold('signIn')
      const account = accounts.get(email.trim())
      if (!account || account.password !== password) throw new Error('auth/invalid-credential')
      signedIn = account
      announce()
      return toUser(account)
    },
    async signUp(name, email, password) {
      calls.signUp.push({ name, email })
      await waitHold('signUp')
      maybeFail('signUp')
      if (accounts.has(email.trim())) throw new Error('auth/email-already-in-use')
      if (password.length < 6) throw new Error('auth/weak-password')
      const record = newUserRecord(name, email)
      const account = { uid: `uid-${nextUid++}`, email: record.email, password, displayName: record.name }
      accounts.set(account.email, account)
      userDocs.set(account.uid, record)
      signedIn = account
      announce()
      return toUser(account)
    },
    async signOut() {
      calls.signOut += 1
      maybeFail('signOut')
      signedIn = null
      announce()
    },
    async sendPasswordReset(email) {
      calls.sendPasswordReset.push(email)
      maybeFail('sendPasswordReset')
    },
    async updateName(name) {
      calls.updateName.push(name)
      await waitHold('updateName')
      maybeFail('updateName')
      if (!signedIn) throw new Error('Not signed in')
      signedIn.displayName = name
      const doc = userDocs.get(signedIn.uid)
      userDocs.set(signedIn.uid, { name, email: doc?.email ?? signedIn.email })
      announce()
    },
  }
}

export interface FakeInquiries extends InquiriesPort {
  readonly sent: InquiryRecord[]
}

export function createFakeInquiries(): FakeInquiries {
  const sent: InquiryRecord[] = []
  return {
    sent,
    async send(inquiry) {
      sent.push(inquiry)
    },
  }
}

export function createFakeBackend(
  auth: FakeAuth = createFakeAuth(),
): Backend & { auth: FakeAuth; inquiries: FakeInquiries } {
  return {
    auth,
    inquiries: createFakeInquiries(),
    // The profile renders the kids feature's list; its own in-memory ports serve it (empty).
    kids: new FakeKidsPort(),
    photos: new FakePhotoStorage(),
  }
}
