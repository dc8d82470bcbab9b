import * as v from 'valibot'

/**
 * The schemas of a new password and of the same password typed again (a type, not an interface, so that it
 * fits valibot's `ObjectEntries` index signature).
 */
export type PasswordPairEntries = {
  password: v.GenericSchema<string>
  confirmation: v.GenericSchema<string>
}

/**
 * A form's new password and its confirmation, which must repeat it: the mismatch is the confirmation's
 * error, checked beside the fields' own rules and whatever the form's other fields hold. A form with more
 * fields joins them with `v.intersect([v.object({ currentPassword: … }), confirmedPassword(…)])`.
 *
 * (Not a helper generic over the form's other entries: valibot's `partialCheck` cannot check its paths
 * against an object type that is still a type parameter, so the pair is a schema of its own.)
 */
export function confirmedPassword(entries: PasswordPairEntries, mismatch: string) {
  return v.pipe(
    v.object(entries),
    v.forward(
      v.partialCheck(
        [['password'], ['confirmation']],
        (input) => input.password === input.confirmation,
        mismatch,
      ),
      ['confirmation'],
    ),
  )
}
