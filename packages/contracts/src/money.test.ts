import { describe, expect, it } from "vitest";
import {
  formatCompactRupees,
  formatCount,
  formatPrice,
  formatRupees,
  formatWholeRupees,
  isWholePaise,
  toPaise,
  toRupees,
} from "./money.ts";
import {
  codFeeSentence,
  DEFAULT_SHIPPING_RULES,
  shippingChargeSentence,
  shippingOptionRows,
} from "./shipping-rules.ts";

describe("money in en-IN", () => {
  it("groups lakhs and crores the Indian way whatever the default locale", () => {
    expect(formatRupees(123456)).toBe("₹1,23,456.00");
    expect(formatRupees(12345678.5)).toBe("₹1,23,45,678.50");
    expect(formatWholeRupees(999)).toBe("₹999");
    expect(formatWholeRupees(150000)).toBe("₹1,50,000");
    expect(formatPrice(1299)).toBe("₹1,299");
    expect(formatPrice(1299.5)).toBe("₹1,299.50");
    expect(formatCount(1234567)).toBe("12,34,567");
    expect(formatCompactRupees(120000)).toBe("₹1.2L");
  });
});

describe("what the shopper pays for shipping, in words", () => {
  it("says free from the threshold and the fee below it, never 'up to'", () => {
    expect(shippingChargeSentence(DEFAULT_SHIPPING_RULES)).toBe(
      "Free shipping on orders of ₹999 and above; ₹99 below that.",
    );
    expect(shippingChargeSentence({ freeShippingFromRupees: 1500, shippingFeeRupees: 60 })).toBe(
      "Free shipping on orders of ₹1,500 and above; ₹60 below that.",
    );
    expect(shippingChargeSentence({ freeShippingFromRupees: 999, shippingFeeRupees: 0 })).toBe(
      "Free shipping on every order.",
    );
    expect(codFeeSentence(DEFAULT_SHIPPING_RULES)).toBe(
      "Cash on delivery adds ₹49 where your PIN code allows it.",
    );
    expect(codFeeSentence({ codFeeRupees: 0 })).toMatch(/no extra fee/);
  });

  it("lists standard at the store's charges and the faster options on request", () => {
    expect(shippingOptionRows({ freeShippingFromRupees: 1500, shippingFeeRupees: 60 })).toEqual([
      { name: "Standard", fee: "₹60, free from ₹1,500", time: "5-7 business days" },
      { name: "Express", fee: "₹199, on request", time: "2-3 business days" },
      { name: "Same Day", fee: "₹299, on request", time: "Same day, in selected cities" },
    ]);
  });
});

describe("paise and rupees", () => {
  it("keeps totals in whole paise, whatever binary fractions do", () => {
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise(1299.5)).toBe(129950);
    expect(toPaise(19.99) * 3).toBe(5997);
    expect(toRupees(129950)).toBe(1299.5);
    expect(toRupees(toPaise(4.35))).toBe(4.35);
  });
});

describe("isWholePaise", () => {
  it("takes rupees with up to two decimals, float noise included, and refuses fractions of a paisa", () => {
    expect([0, 1299.5, 19.99, 0.1 + 0.2, 10_000_000].every(isWholePaise)).toBe(true);
    expect([10.005, 0.001, 499.999].some(isWholePaise)).toBe(false);
    // 0 paise, so whole: a positive amount needs its own ≥ 0.01 check (coupons do).
    expect(isWholePaise(4e-323)).toBe(true);
  });
});
