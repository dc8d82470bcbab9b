import { Text } from '@mantine/core'

/** A street address as the platform gives it, for a cart or for a transaction's order. */
export interface PostalAddressLines {
  line1: string
  line2?: string | null
  city: string
  region: string
  postalCode: string
}

/** An address as it is written on an envelope: street, the second line when there is one, then city, region and code. */
export function PostalAddress({ address }: { address: PostalAddressLines }) {
  return (
    <Text component="address" size="sm" fs="normal">
      {address.line1}
      <br />
      {address.line2 ? (
        <>
          {address.line2}
          <br />
        </>
      ) : null}
      {address.city}, {address.region} {address.postalCode}
    </Text>
  )
}
