export const DEFAULT_EMULATOR: string
export const DEFAULT_PROJECT: string
export const USAGE: string

export type StaffPlan =
  | { error: string }
  | {
      action: 'grant' | 'revoke' | 'list'
      email: string | null
      projectId: string
      /** host:port of the Auth emulator, or null for a real project. */
      emulator: string | null
    }

export function planStaffCommand(args: readonly string[], env: Record<string, string | undefined>): StaffPlan
export function nextClaims(
  claims: Record<string, unknown> | undefined,
  action: 'grant' | 'revoke',
): Record<string, unknown>
