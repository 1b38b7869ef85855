// Every message of the account screens, in the product's own words where it has them.
export const accountMessages = {
  signedIn: 'Signed in successfully',
  badCredentials: 'Bad User Credentials',
  signedUp: 'Signed up successfully',
  registrationFailed: 'Something went wrong with registration',
  signedOut: 'Signed out successfully',
  profileUpdateFailed: 'Could not update profile details',
  // The password reset ('Forgot Password ?').
  resetNeedsEmail: "Type your e-mail address above, then tap 'Forgot Password ?' again.",
  resetSent: (email: string) => `If ${email} has an account, a password reset e-mail is on its way.`,
  resetFailed: 'Could not send the password reset e-mail. Please try again.',
  signOutFailed: 'Could not sign out. Please try again.',
  nameRequired: 'Please enter your name.',
  // A new name is kept on this device until the server has it (Firestore's queue): say which is true.
  nameKept:
    'Your new name is kept on this device and will be sent by itself as soon as the server can be reached.',
  nameSaved: 'Your name is saved.',
  // E-mail verification: offered, never required of a parent.
  verifyEmail: (email: string) => `Please confirm your e-mail address with the link we sent to ${email}.`,
  verificationSent: (email: string) => `A new link is on its way to ${email}.`,
  emailVerified: 'Your e-mail address is confirmed.',
  verificationFailed: 'Could not send the e-mail. Please try again.',
  // Under the Sign In heading when a guarded page sent the visitor here, so they know why.
  signInForProfile: 'Please sign in to see your profile.',
  signInToContinue: 'Please sign in to continue.',
} as const
