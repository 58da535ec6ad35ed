/**
 * Addresses written as one line, the same on server and browser (issue #15's shared kernel):
 * the order's address string of the spec and the store's own address. Zod-free.
 */

/** The parts of a delivery address, in the spec's order. */
export type AddressParts = {
  streetAddress: string;
  apartment: string;
  city: string;
  state: string;
  pincode: string;
  country: string;
};

/** The spec's one comma-joined address: street, apartment, city, state, pincode, country; blanks left out. */
export function joinAddress(address: AddressParts): string {
  return [
    address.streetAddress,
    address.apartment,
    address.city,
    address.state,
    address.pincode,
    address.country,
  ]
    .map((part) => (part ?? "").trim())
    .filter((part) => part !== "")
    .join(", ");
}

/** The store's address as display lines: street lines, "city, state pincode", country. */
export function storeAddressLines(address: {
  line1: string;
  line2?: string;
  city: string;
  state: string;
  pincode: string;
  country?: string;
}): string[] {
  const { line1, line2, city, state, pincode, country } = address;
  return [line1, line2 ?? "", `${city}, ${state} ${pincode}`, country ?? ""].filter(Boolean);
}
