// The parent area's outbox, for the screens that queue the parent's changes: the signed-in parent's
// scope holds it (account/parent-scope.ts).
import { useParentScope } from '#parent/account/parent-scope-context'
import type { OutboxRuntime } from './outbox-runtime'

export function useOutbox(): OutboxRuntime {
  return useParentScope().outbox
}
