import * as v from 'valibot'
import { ROTATION_GRACE_HOURS } from '../../../../contract/access-keys'
import { KEY_ENVIRONMENTS } from '../../../../contract/settings'
import { typedText } from '../../../drafts/typed-text'

/**
 * What a key write needing a fresh sign-in keeps through it (src/shared/form/use-step-up.ts): the new
 * key's name and environment, or which key to rotate and with what grace period. Never a secret.
 */
export const keyStepUpShape = v.variant('action', [
  v.strictObject({ action: v.literal('create'), name: typedText, environment: v.picklist(KEY_ENVIRONMENTS) }),
  v.strictObject({
    action: v.literal('rotate'),
    keyID: typedText,
    graceHours: v.picklist(ROTATION_GRACE_HOURS),
  }),
])
export type KeyStepUp = v.InferOutput<typeof keyStepUpShape>
export type CreateStepUp = Extract<KeyStepUp, { action: 'create' }>
