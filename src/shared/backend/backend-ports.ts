// The app's view of its hosted backend. Everything above the Firebase adapter (src/firebase/)
// talks to these interfaces only, so screens, forms and the outbox are tested against in-memory fakes
// and marketing pages never pull Firebase into their bundle.
//
// Ownership: the account section (AuthPort, InquiriesPort) and the kids section (KidsPort,
// PhotoStoragePort) each evolve with their feature; keep the shapes small and free of Firebase types.

export type Unsubscribe = () => void

export interface AuthUser {
  readonly uid: string
  readonly email: string | null
  readonly displayName: string | null
}

export interface AuthPort {
  /** Calls back once the signed-in state is known (null: signed out) and on every change. */
  onAuthChange(listener: (user: AuthUser | null) => void): Unsubscribe
  signIn(email: string, password: string): Promise<AuthUser>
  /** Creates the account, sets its display name and writes users/{uid} (never the password). */
  signUp(name: string, email: string, password: string): Promise<AuthUser>
  signOut(): Promise<void>
  sendPasswordReset(email: string): Promise<void>
  /** Updates the auth profile's displayName and users/{uid}.name. */
  updateName(name: string): Promise<void>
}

export interface InquiriesPort {
  /** Queues an inquiry write; resolves once it is accepted locally (it syncs when online). */
  send(inquiry: import('../records/inquiry-record').InquiryRecord): Promise<void>
}

export interface Backend {
  readonly auth: AuthPort
  readonly inquiries: InquiriesPort
  readonly kids: import('./kids-ports').KidsPort
  readonly photos: import('./kids-ports').PhotoStoragePort
}
