// The server's refusal of an inquiry (the callable function submitInquiry, decision 0024): the form says
// why, in the visitor's words. A refused inquiry is not kept on the device.

/** 'too-many': over 5 an hour from this address or browser; 'invalid': the fields; 'not-verified': App Check. */
export type InquiryRefusalReason = 'too-many' | 'invalid' | 'not-verified'

export class InquiryRefusedError extends Error {
  constructor(readonly reason: InquiryRefusalReason) {
    super(`The inquiry was refused: ${reason}`)
    this.name = 'InquiryRefusedError'
  }
}

export function isInquiryRefused(error: unknown): error is InquiryRefusedError {
  return error instanceof InquiryRefusedError
}
