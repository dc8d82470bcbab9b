import * as v from 'valibot'
import type { AccessLevel } from '../../access/scopes'
import { type InviteUserRequest, USER_NAME_MAX } from '../../api/schemas/users'

export interface InviteDraft {
  email: string
  name: string
  accessLevel: AccessLevel
}

export type InviteFieldError = 'required' | 'email' | 'tooLong'

const schema = v.object({
  email: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty<string, InviteFieldError>('required'),
    v.email<string, InviteFieldError>('email'),
    v.maxLength<string, number, InviteFieldError>(254, 'tooLong'),
    v.toLowerCase(),
  ),
  name: v.pipe(v.string(), v.trim(), v.maxLength<string, number, InviteFieldError>(USER_NAME_MAX, 'tooLong')),
})

export function checkInvite(draft: InviteDraft): {
  errors: Partial<Record<'email' | 'name', InviteFieldError>>
  request: InviteUserRequest | null
} {
  const result = v.safeParse(schema, { email: draft.email, name: draft.name }, { abortPipeEarly: true })
  if (!result.success) {
    const errors: Partial<Record<'email' | 'name', InviteFieldError>> = {}
    for (const issue of result.issues) {
      const key = issue.path?.[0]?.key
      if ((key === 'email' || key === 'name') && !errors[key]) errors[key] = issue.message as InviteFieldError
    }
    return { errors, request: null }
  }
  const { email, name } = result.output
  return {
    errors: {},
    request: { email, accessLevel: draft.accessLevel, ...(name ? { name } : {}) },
  }
}
