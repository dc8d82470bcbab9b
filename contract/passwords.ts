import * as v from 'valibot'
import { dataOf, isoDate } from './common'

/** What an emailed link is for: finishing an invitation, or resetting a forgotten password. */
export const ACTIVATION_PURPOSES = ['ACTIVATE', 'RESET'] as const
export const ActivationPurposeSchema = v.picklist(ACTIVATION_PURPOSES)
export type ActivationPurpose = v.InferOutput<typeof ActivationPurposeSchema>

const email = v.pipe(v.string(), v.email())
// Long enough for any passphrase; the limit only keeps absurd bodies out.
const password = v.pipe(v.string(), v.maxLength(1024))

export const ActivationTokenInfoSchema = v.object({
  email,
  purpose: ActivationPurposeSchema,
  expiresAt: isoDate,
})
export type ActivationTokenInfo = v.InferOutput<typeof ActivationTokenInfoSchema>

/** GET /api/auth/activation/{activationToken}: 404 unknown token, 410 expired or used. */
export const ActivationTokenInfoResponseSchema = dataOf(ActivationTokenInfoSchema)

/** POST /api/auth/activation/{activationToken} */
export const SetPasswordRequestSchema = v.object({ password })
export type SetPasswordRequest = v.InferOutput<typeof SetPasswordRequestSchema>
export const SetPasswordResponseSchema = dataOf(v.object({ email }))

/** POST /api/auth/password/reset-request: 202 whether or not the email has an account. */
export const PasswordResetRequestSchema = v.object({ email })
export type PasswordResetRequest = v.InferOutput<typeof PasswordResetRequestSchema>

/** POST /api/user/password (portal token with w:user.password): 204. */
export const ChangePasswordRequestSchema = v.object({ currentPassword: password, newPassword: password })
export type ChangePasswordRequest = v.InferOutput<typeof ChangePasswordRequestSchema>
/** The 204 answer has no body. */
export const NoContentSchema = v.undefined()

/** `error.details` of a 400 `weak_password`: ids of the broken rules (see password-rules.ts). */
export const WeakPasswordDetailsSchema = v.object({ failedRules: v.array(v.string()) })
export type WeakPasswordDetails = v.InferOutput<typeof WeakPasswordDetailsSchema>

export const PASSWORD_ERROR_CODES = {
  weak: 'weak_password',
  wrongCurrent: 'wrong_password',
  tokenExpired: 'token_expired',
  tokenUsed: 'token_used',
} as const
