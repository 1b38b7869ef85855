// One call of the function submitInquiry, with firebase/functions: its own chunk
// (firebase-submit-inquiry-…js), loaded only when a message is sent.
import { connectFunctionsEmulator, type Functions, getFunctions, httpsCallable } from 'firebase/functions'
import type { Delivery, PendingInquiry } from '#shared/backend/backend-ports'
import type { InquiryRefusalReason } from '#shared/backend/inquiry-refused'
import { FUNCTIONS_REGION } from '#shared/config/functions-region'
import type { FirebaseServices } from './firebase-app'
import { emulatorHost, emulatorPorts, useEmulators } from './firebase-config'

/** The function's refusals (HttpsError codes) and what they mean for the visitor. */
const REFUSALS: Record<string, InquiryRefusalReason> = {
  'functions/resource-exhausted': 'too-many',
  'functions/invalid-argument': 'invalid',
  'functions/permission-denied': 'not-verified',
}

let functions: Functions | null = null

export async function callSubmitInquiry(
  services: FirebaseServices,
  inquiry: PendingInquiry,
): Promise<Delivery> {
  if (!functions) {
    functions = getFunctions(services.app, FUNCTIONS_REGION)
    if (useEmulators) connectFunctionsEmulator(functions, emulatorHost, emulatorPorts.functions)
  }
  // A limited-use App Check token (where App Check is on): the function consumes it, so it cannot be
  // replayed for the rest of its hour.
  const submit = httpsCallable(functions, 'submitInquiry', { limitedUseAppCheckTokens: true })
  try {
    await submit(inquiry)
    return { kind: 'stored' }
  } catch (error) {
    const reason = REFUSALS[String((error as { code?: unknown }).code)]
    return reason ? { kind: 'refused', reason } : { kind: 'no answer' }
  }
}
