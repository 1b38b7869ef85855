// The bound on children per parent (issue 50; docs/decisions/0037-children-per-parent.md): a child
// record created past MAX_KIDS_PER_PARENT is deleted again (kidDeleted then removes its photos), and the
// parent gets a notice saying why. The rules cannot count a parent's children; this function can. The
// first ten made (Firestore's createTime) are the ones kept, whichever trigger runs first. Safe to run twice:
// a second run finds the record gone, and the notice's id is the child's.
import { MAX_KIDS_PER_PARENT } from '#shared/records/bounds'
import type { NoticeStore } from './notices'
import type { KidRef, ParentRecords } from './ports'

export type KidBoundOutcome = 'within the bound' | 'over the bound: deleted' | 'no owner'

/** What the parent reads in their notices (and the app shows where the child would have been). */
export function overBoundText(kidName: string): string {
  const name = kidName.trim() || 'The child'
  return `${name} was not registered: one account can register at most ${MAX_KIDS_PER_PARENT} children. Please contact the centre.`
}

/** The notice's id: one per refused child. */
export const overBoundNoticeId = (kidId: string) => `over-bound-${kidId}`

export async function boundKidsOfParent(
  kid: KidRef & { readonly kidName: string },
  ports: {
    readonly records: Pick<ParentRecords, 'kidsOf' | 'deleteKid'>
    readonly notices: Pick<NoticeStore, 'record' | 'markDelivered'>
  },
): Promise<KidBoundOutcome> {
  if (kid.userRef === '') return 'no owner'
  const kids = await ports.records.kidsOf(kid.userRef)
  // The first MAX_KIDS_PER_PARENT made stay (a trigger that runs late for an older child keeps it); a
  // later one is over the bound.
  const kept = [...kids]
    .sort((a, b) => (a.createdAt ?? 0) - (b.createdAt ?? 0) || a.id.localeCompare(b.id))
    .slice(0, MAX_KIDS_PER_PARENT)
  if (!kids.some((other) => other.id === kid.id) || kept.some((other) => other.id === kid.id))
    return 'within the bound'
  const id = overBoundNoticeId(kid.id)
  const { delivered } = await ports.notices.record(kid.userRef, id, {
    kidId: kid.id,
    kidName: kid.kidName,
    text: overBoundText(kid.kidName),
  })
  await ports.records.deleteKid(kid.id)
  // Shown in the app only: no push or e-mail for a refusal the parent caused a moment ago.
  if (!delivered) await ports.notices.markDelivered(kid.userRef, id, 'none')
  return 'over the bound: deleted'
}
