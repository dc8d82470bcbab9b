import * as v from 'valibot'
import {
  ACCESS_LEVELS,
  type AccessLevel,
  type InviteUserRequest,
  USER_NAME_MAX,
} from '../../../contract/users'
import { typedText } from '../../drafts/typed-text'
import { type EmailAddressError, requiredEmailAddress } from '../../shared/form/email-address'

export interface InviteDraft extends Record<string, unknown> {
  email: string
  name: string
  accessLevel: AccessLevel
}

export type InviteFieldError = EmailAddressError

/**
 * Reads the invitation form into the request (the email lower-cased, a blank name left out); each
 * issue's message is an InviteFieldError, which the dialog puts into words.
 */
export const inviteDraftSchema: v.GenericSchema<InviteDraft, InviteUserRequest> = v.pipe(
  v.object({
    email: v.pipe(requiredEmailAddress, v.toLowerCase()),
    name: v.pipe(
      v.string(),
      v.trim(),
      v.maxLength<string, number, InviteFieldError>(USER_NAME_MAX, 'tooLong'),
    ),
    accessLevel: v.picklist(ACCESS_LEVELS),
  }),
  v.transform(({ email, name, accessLevel }) => ({ email, accessLevel, ...(name ? { name } : {}) })),
)

/** The invitation as typed, for a draft kept across a sign-in (src/drafts). */
export const inviteDraftShape: v.GenericSchema<unknown, InviteDraft> = v.strictObject({
  email: typedText,
  name: typedText,
  accessLevel: v.picklist(ACCESS_LEVELS),
})
