import type { Order } from "@vastra/contracts/orders";
import type { CheckoutValues, FieldErrors } from "./form";
import type { CheckoutAddressSaved } from "./saved-addresses";

/** What the checkout's action hands back: the same shape with or without JavaScript. */
export type CheckoutResult = {
  /** "review": the checks of a form posted before JavaScript ran; "place": the order itself. */
  intent: "review" | "place";
  ok: boolean;
  /** The success text, or the problem shown above the form (field problems sit at their fields). */
  message: string;
  errors: FieldErrors;
  /** What was typed, so nothing is lost. */
  values: CheckoutValues;
  /** The placed order. */
  order?: Order;
  /** The cart or its prices changed meanwhile (409): the page now shows the fresh cart. */
  cartChanged?: boolean;
  /** "review": the Idempotency-Key the review's Confirm posts with. */
  idempotencyKey?: string;
  /** The saved address chosen ("new": typed), and whether to save a typed one (record 0040). */
  addressId?: string;
  saveAddress?: boolean;
  /** After the order: what became of "Save to my address book". */
  addressSaved?: CheckoutAddressSaved;
};
