/** The checkout form's checks and the body it sends (storefront.md §3, §5; decisions.md §4). */
import { ORDER_MESSAGES, placeOrderSchema } from "@vastra/contracts/orders";
import { describe, expect, it } from "vitest";
import {
  type CheckoutValues,
  initialValues,
  orderBody,
  placeServerErrors,
  readValues,
  validateCheckout,
} from "./form";

const good: CheckoutValues = {
  name: "Meera Iyer",
  email: "meera@example.in",
  phone: "98765 43210",
  streetAddress: "14, Carter Road",
  apartment: "Flat 3B",
  city: "Mumbai",
  state: "Maharashtra",
  pincode: "400050",
  country: "India",
  addressType: "office",
  paymentMethod: "cash_on_delivery",
};

describe("validateCheckout", () => {
  it("accepts a complete Indian address", () => {
    expect(validateCheckout(good)).toEqual({});
    expect(validateCheckout({ ...good, apartment: "", phone: "+91 98765-43210" })).toEqual({});
  });

  it("gives storefront.md §5's message at each field", () => {
    expect(
      validateCheckout({ ...good, name: " ", streetAddress: "", city: "", state: "", pincode: "" }),
    ).toEqual({
      name: ORDER_MESSAGES.requiredFields,
      streetAddress: ORDER_MESSAGES.requiredFields,
      city: ORDER_MESSAGES.requiredFields,
      state: ORDER_MESSAGES.requiredFields,
      pincode: ORDER_MESSAGES.requiredFields,
    });
    for (const pincode of ["012345", "40005", "4000500", "40O050"]) {
      expect(validateCheckout({ ...good, pincode }), pincode).toEqual({
        pincode: ORDER_MESSAGES.pincode,
      });
    }
    for (const phone of ["12345", "5876543210", "98765432101"]) {
      expect(validateCheckout({ ...good, phone }), phone).toEqual({ phone: ORDER_MESSAGES.phone });
    }
    expect(validateCheckout({ ...good, email: "meera.example.in" })).toEqual({
      email: ORDER_MESSAGES.email,
    });
    expect(validateCheckout({ ...good, state: "Gotham" })).toEqual({ state: ORDER_MESSAGES.state });
    expect(validateCheckout({ ...good, country: "Nepal" })).toEqual({
      country: ORDER_MESSAGES.country,
    });
  });
});

describe("orderBody", () => {
  it("sends the spec's payload: the comma-joined address, the items and total as shown, the typed address", () => {
    const body = orderBody(good, [
      { productId: "p1", size: "M", quantity: 2, price: 1299.5, color: "Rust" },
      { productId: "p1", size: "L", quantity: 1, price: 1299.5 },
    ]);
    expect(body).toEqual({
      user: {
        name: "Meera Iyer",
        email: "meera@example.in",
        phone: "98765 43210",
        address: "14, Carter Road, Flat 3B, Mumbai, Maharashtra, 400050, India",
      },
      items: [
        { productId: "p1", size: "M", quantity: 2, color: "Rust" },
        { productId: "p1", size: "L", quantity: 1 },
      ],
      totalAmount: 3898.5,
      status: "pending",
      shippingAddress: {
        streetAddress: "14, Carter Road",
        apartment: "Flat 3B",
        city: "Mumbai",
        state: "Maharashtra",
        pincode: "400050",
        country: "India",
        addressType: "office",
      },
      paymentMethod: "cash_on_delivery",
    });
    // The API's own schema accepts it as it is.
    expect(placeOrderSchema.safeParse(body).success).toBe(true);
    // No empty part in the joined address when there is no apartment.
    expect(orderBody({ ...good, apartment: " " }, []).user.address).toBe(
      "14, Carter Road, Mumbai, Maharashtra, 400050, India",
    );
  });

  it("sends the total the page showed (with shipping and the COD fee), and UPI for anything but COD", () => {
    const lines = [{ productId: "p1", size: "M", quantity: 1, price: 450 }];
    expect(orderBody(good, lines, 598).totalAmount).toBe(598);
    expect(orderBody({ ...good, paymentMethod: "card" }, lines).paymentMethod).toBe("upi");
  });

  it("sums in paise (no 0.1 + 0.2 drift)", () => {
    const body = orderBody(good, [
      { productId: "a", size: "S", quantity: 1, price: 0.1 },
      { productId: "b", size: "S", quantity: 1, price: 0.2 },
    ]);
    expect(body.totalAmount).toBe(0.3);
  });
});

describe("form values and server errors", () => {
  it("prefills from the user, with India and home", () => {
    expect(initialValues({ name: "Asha", email: "asha@example.in", phone: null })).toMatchObject({
      name: "Asha",
      email: "asha@example.in",
      phone: "",
      country: "India",
      addressType: "home",
    });
  });

  it("reads a posted form, defaulting the country and an unknown address type", () => {
    const form = new FormData();
    form.set("name", "Asha");
    form.set("addressType", "palace");
    expect(readValues(form)).toMatchObject({ name: "Asha", country: "India", addressType: "home" });
  });

  it("places the API's field errors at the form's fields", () => {
    expect(
      placeServerErrors({
        "user.phone": ORDER_MESSAGES.phone,
        "shippingAddress.pincode": ORDER_MESSAGES.pincode,
      }),
    ).toEqual({
      fields: { phone: ORDER_MESSAGES.phone, pincode: ORDER_MESSAGES.pincode },
      unplaced: false,
    });
    expect(placeServerErrors({ items: ORDER_MESSAGES.emptyCart })).toEqual({
      fields: {},
      unplaced: true,
    });
  });
});
