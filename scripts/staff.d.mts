export const DEFAULT_EMULATOR: string
export const DEFAULT_PROJECT: string
export const USAGE: string

export type StaffAction = 'invite' | 'grant' | 'revoke' | 'list'

export interface StaffRun {
  action: StaffAction
  email: string | null
  projectId: string
  /** host:port of the Auth emulator, or null for a real project. */
  emulator: string | null
  /** --yes: grant without asking. */
  yes: boolean
}

export type StaffPlan = { error: string } | { help: true } | StaffRun

export function planStaffCommand(args: readonly string[], env: Record<string, string | undefined>): StaffPlan
export function nextClaims(
  claims: Record<string, unknown> | undefined,
  action: 'grant' | 'revoke',
): Record<string, unknown>

/** The part of an Admin SDK UserRecord the command reads. */
export interface StaffUser {
  uid: string
  email?: string
  emailVerified: boolean
  metadata?: { creationTime?: string; lastSignInTime?: string | null }
  providerData?: readonly { providerId: string }[]
  customClaims?: Record<string, unknown>
}

/** The part of the Admin SDK's Auth the command uses. */
export interface StaffAuth {
  getUserByEmail(email: string): Promise<StaffUser>
  createUser(properties: { email: string; emailVerified: boolean }): Promise<StaffUser>
  setCustomUserClaims(uid: string, claims: Record<string, unknown>): Promise<void>
  revokeRefreshTokens(uid: string): Promise<void>
  generatePasswordResetLink(email: string): Promise<string>
  listUsers(max: number, pageToken?: string): Promise<{ users: StaffUser[]; pageToken?: string }>
}

export function describeAccount(user: StaffUser): string
export function runStaff(
  plan: StaffRun,
  io: {
    auth: StaffAuth
    confirm: (question: string) => Promise<boolean>
    log: (line: string) => void
    error: (line: string) => void
  },
): Promise<number>
