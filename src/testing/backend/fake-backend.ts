// An in-memory backend for component tests (never imported by the app). It behaves like Firebase where
// the screens can tell: wrong passwords and taken e-mails fail, names can be changed, an account change
// runs the before-change callbacks first, and deleted accounts cannot sign in again.

import type {
  AccountDataPort,
  AuthPort,
  AuthUser,
  Backend,
  DeviceDataPort,
  InquiriesPort,
  QueuedWrite,
} from '#shared/backend/backend-ports'
import { BackendError } from '#shared/backend/kids-ports'
import { type InquirySubmission, inquiryProblems, normalizeInquiry } from '#shared/records/inquiry-record'
import { newUserRecord } from '#shared/records/user-record'
import { createFakeAttendance, createFakeChildDay, FakeAttendanceServer } from './fake-attendance-ports'
import { createFakeCentre, createFakeRegistrations, FakeCentreServer } from './fake-centre-ports'
import { FakeKidsPort, FakePhotoStorage } from './fake-kids-ports'
import { FakeNotices, FakePush } from './fake-notices-ports'
import { createFakeServer, type FakeServer } from './fake-server'

interface Account {
  uid: string
  email: string
  password: string
  displayName: string | null
  /** New accounts are not; verify(email) makes one verified (the parent followed the link). */
  emailVerified?: boolean
}

export interface FakeAuth extends AuthPort {
  readonly calls: {
    signIn: string[]
    signUp: { name: string; email: string }[]
    signOut: number
    sendPasswordReset: string[]
    sendEmailVerification: string[]
    updateName: string[]
    confirmPassword: number
    deleteAccount: number
  }
  /** When users/{uid}'s name change reaches the server (at once unless held). */
  readonly server: FakeServer
  /** users/{uid} as the adapter would write it (never the password). */
  readonly userDocs: Map<string, { name: string; email: string }>
  /** Make the next call of this method fail. */
  failNext(
    method:
      | 'updateName'
      | 'sendPasswordReset'
      | 'signOut'
      | 'signUp'
      | 'deleteAccount'
      | 'sendEmailVerification',
  ): void
  /** The account's owner followed the verification link. */
  verify(email: string): void
  /** Hold calls of this method until release() (to see busy states). */
  hold(method: 'signIn' | 'signUp' | 'updateName'): { release: () => void }
  /** Never report the signed-in state (the guard's pending loader stays). */
  stayPending(): void
  addAccount(email: string, password: string, displayName: string | null): AuthUser
  /** Starts signed in as this user (an account with a random password is made for it). */
  startSignedInAs(user: AuthUser): void
  /**
   * Starts as the real adapter does on a device that remembers `user` while Auth has not answered yet
   * (a connection that answers nothing): rememberedUser() is `user`, onAuthChange says nothing until
   * settle(). settle(true) confirms the session; settle(false) is the server refusing it.
   */
  startRemembering(user: AuthUser): { settle: (valid: boolean) => void }
  current(): AuthUser | null
}

export function createFakeAuth(): FakeAuth {
  const accounts = new Map<string, Account>()
  const listeners = new Set<(user: AuthUser | null) => void>()
  const beforeChange = new Set<() => void | Promise<void>>()
  const failing = new Set<string>()
  const holds = new Map<string, Promise<void>>()
  const userDocs = new Map<string, { name: string; email: string }>()
  let signedIn: Account | null = null
  let remembered: AuthUser | null = null
  let refused: AuthUser | null = null
  let pendingForever = false
  let nextUid = 1

  const toUser = (a: Account): AuthUser => ({ uid: a.uid, email: a.email, displayName: a.displayName })
  const announce = () => {
    for (const listener of listeners) listener(signedIn ? toUser(signedIn) : null)
  }
  /** Like Firebase: the before-change callbacks run (and are awaited) before the account changes. */
  const switchTo = async (next: Account | null) => {
    if (next?.uid !== signedIn?.uid) for (const callback of beforeChange) await callback()
    if (next) refused = null
    signedIn = next
    announce()
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
    sendEmailVerification: [],
    updateName: [],
    confirmPassword: 0,
    deleteAccount: 0,
  }

  const server = createFakeServer()

  return {
    calls,
    server,
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
    verify(email) {
      const account = accounts.get(email)
      if (account) account.emailVerified = true
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
    startRemembering(user) {
      remembered = user
      pendingForever = true
      return {
        settle(valid) {
          pendingForever = false
          refused = valid ? null : user
          remembered = null
          if (valid) {
            const account = {
              uid: user.uid,
              email: user.email ?? `${user.uid}@example.com`,
              password: `pw-${user.uid}`,
              displayName: user.displayName,
            }
            accounts.set(account.email, account)
            signedIn = account
          } else signedIn = null
          announce()
        },
      }
    },
    current: () => (signedIn ? toUser(signedIn) : null),
    rememberedUser: () => (pendingForever ? remembered : signedIn ? toUser(signedIn) : null),
    sessionRefused: () => refused,

    beforeUserChange(callback) {
      beforeChange.add(callback)
      return () => {
        beforeChange.delete(callback)
      }
    },
    async confirmPassword(password) {
      calls.confirmPassword += 1
      if (!signedIn || signedIn.password !== password) throw new Error('auth/wrong-password')
    },
    async deleteAccount() {
      calls.deleteAccount += 1
      maybeFail('deleteAccount')
      if (!signedIn) throw new Error('Not signed in')
      accounts.delete(signedIn.email)
      await switchTo(null)
    },
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
      await switchTo(account)
      return toUser(account)
    },
    async signUp(name, email, password) {
      calls.signUp.push({ name, email })
      await waitHold('signUp')
      maybeFail('signUp')
      if (accounts.has(email.trim())) throw new Error('auth/email-already-in-use')
      if (password.length < 6) throw new Error('auth/weak-password')
      const record = newUserRecord(name, email)
      const account = {
        uid: `uid-${nextUid++}`,
        email: record.email,
        password,
        displayName: record.name,
        emailVerified: false,
      }
      accounts.set(account.email, account)
      userDocs.set(account.uid, record)
      // The adapter sends the verification e-mail at sign-up, without waiting for it.
      calls.sendEmailVerification.push(account.email)
      await switchTo(account)
      return toUser(account)
    },
    async signOut() {
      calls.signOut += 1
      maybeFail('signOut')
      await switchTo(null)
    },
    async sendPasswordReset(email) {
      calls.sendPasswordReset.push(email)
      maybeFail('sendPasswordReset')
    },
    async emailVerified() {
      return signedIn ? signedIn.emailVerified !== false : null
    },
    async sendEmailVerification() {
      maybeFail('sendEmailVerification')
      if (!signedIn) throw new Error('Not signed in')
      if (signedIn.emailVerified !== false) return 'verified'
      calls.sendEmailVerification.push(signedIn.email)
      return 'sent'
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
      return server.write()
    },
  }
}

export interface FakeInquiries extends InquiriesPort {
  /** Inquiries handed to the server (whether or not it has answered yet), without their ids; a bot's
   * are not handed on. */
  readonly sent: InquirySubmission[]
  /** When they reach the server (at once unless held); refused while held: no answer. */
  readonly server: FakeServer
  /** The whole of sending as a form sees it (kept, then sent), for the form's tests. */
  send(inquiry: InquirySubmission): Promise<QueuedWrite>
}

export function createFakeInquiries(): FakeInquiries {
  const sent: InquirySubmission[] = []
  const server = createFakeServer()
  return {
    sent,
    server,
    async deliver({ id: _id, client: _client, ...inquiry }) {
      sent.push(inquiry)
      try {
        await server.write().sent
        return { kind: 'stored' }
      } catch {
        return { kind: 'no answer' }
      }
    },
    async send(inquiry) {
      // As the adapter: a bot's message (the hidden field filled in) is answered and dropped, and one the
      // server would refuse is refused before it is kept (src/testing/contracts/inquiries-contract.ts).
      if (inquiry.website.trim() !== '') return { sent: Promise.resolve() }
      const problems = inquiryProblems(normalizeInquiry(inquiry))
      if (problems.length) throw new Error(`Inquiry has invalid fields: ${problems.join(', ')}`)
      sent.push(inquiry)
      return server.write()
    },
  }
}

export interface FakeAccountData extends AccountDataPort {
  /** Server deletes, in order. */
  readonly deleted: string[]
  /** Errors thrown by the next calls (a connection lost half-way). */
  readonly failures: Error[]
}

/** The server's side of the parent's data, read from the fake Firestore's server records. */
export function createFakeAccountData(kids: FakeKidsPort, auth: FakeAuth): FakeAccountData {
  const deleted: string[] = []
  const failures: Error[] = []
  const maybeFail = () => {
    const failure = failures.shift()
    if (failure) throw failure
  }
  return {
    deleted,
    failures,
    async listKids(userId) {
      maybeFail()
      return [...kids.server.values()].filter((kid) => kid.userRef === userId)
    },
    async deleteKid(kidId) {
      maybeFail()
      // firestore.rules refuse deleting a record that is not there (the rules read its owner), for good.
      if (!kids.server.has(kidId))
        throw new BackendError('The server answered 403', { permanent: true, code: 'permission-denied' })
      deleted.push(`kids/${kidId}`)
      kids.server.delete(kidId)
      kids.records.delete(kidId)
    },
    async deleteUserRecord(userId) {
      maybeFail()
      deleted.push(`users/${userId}`)
      auth.userDocs.delete(userId)
    },
  }
}

export interface FakeDevice extends DeviceDataPort {
  clears: number
}

export function createFakeDevice(kids: FakeKidsPort): FakeDevice {
  const device = {
    clears: 0,
    async clear() {
      device.clears += 1
      kids.clearDevice()
    },
  }
  return device
}

export type FakeBackend = Backend & {
  auth: FakeAuth
  inquiries: FakeInquiries
  kids: FakeKidsPort
  photos: FakePhotoStorage
  account: FakeAccountData
  device: FakeDevice
  /** The centre's records (children as staff see them, decisions, inquiries). */
  centre: FakeCentreServer
  /** The door's records (confirmed places, the day's events, code verifiers, parents' messages). */
  attendance: FakeAttendanceServer
  notices: FakeNotices
  push: FakePush
}

export function createFakeBackend(auth: FakeAuth = createFakeAuth()): FakeBackend {
  const kids = new FakeKidsPort()
  const centre = new FakeCentreServer()
  const attendance = new FakeAttendanceServer()
  attendance.isStaff = () => centre.access === 'staff'
  attendance.userName = (uid) => auth.userDocs.get(uid)?.name
  centre.ownerOf = (kidId) => kids.server.get(kidId)?.userRef
  // The fake Firestore refuses writes for another account than the signed-in one, like the adapter, and
  // reads of another parent's records, like the rules (src/testing/contracts/kids-contract.ts).
  auth.onAuthChange((user) => {
    kids.signedIn = user?.uid ?? null
    kids.readerId = user?.uid ?? null
    centre.signedIn = user?.uid ?? null
    attendance.signedIn = user?.uid ?? null
  })
  return {
    auth,
    inquiries: createFakeInquiries(),
    kids,
    photos: new FakePhotoStorage(),
    account: createFakeAccountData(kids, auth),
    device: createFakeDevice(kids),
    centre,
    attendance,
    registrations: createFakeRegistrations(centre),
    notices: new FakeNotices(),
    push: new FakePush(),
    childDay: createFakeChildDay(attendance),
    loadCentre: async () => createFakeCentre(centre),
    loadAttendance: async () => createFakeAttendance(attendance),
  }
}
