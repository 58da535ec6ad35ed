/**
 * Size charts and fit (issue #15, record 0046): the admin's chart per category and per product
 * (validated, clear messages, nothing changed on a bad one), the product's own chart winning over
 * its category's, the shop's answer following every edit (the catalogue version), and verified
 * buyers' fit answers: only theirs, shown from 5 answers, with advice at a 20-point lead.
 */
import {
  type FitQuestion,
  fitSummary,
  type Product,
  type ProductSizeChart,
  type Review,
  SIZE_CHART_MESSAGES,
  type SizeChart,
} from "@vastra/contracts";
import { describe, expect, it } from "vitest";
import {
  createCategory,
  createOrder,
  createProduct,
  createReview,
  createUser,
} from "../../test/factories.ts";
import { buildTestApp } from "../../test/helpers.ts";

const { app, database } = await buildTestApp();
const db = database.db;

const admin = await createUser(db, { isAdmin: true, name: "Store Admin" });
const shopper = await createUser(db, { name: "Meera" });
const kurtas = await createCategory(db, "Kurtas");
const sarees = await createCategory(db, "Sarees");
const kurta = await createProduct(db, {
  title: "Chikankari Kurta",
  sizes: ["S", "M", "L"],
  categories: [kurtas.id],
});
const saree = await createProduct(db, {
  title: "Banarasi Saree",
  sizes: ["Free Size"],
  categories: [sarees.id, kurtas.id],
});

const kurtaChart: SizeChart = {
  columns: ["Bust", "Waist", "Length"],
  rows: [
    { size: "S", values: [86, 71, 107] },
    { size: "M", values: [91.44, 76, 109] },
    { size: "L", values: [96, 81, 111] },
  ],
};

async function call<T>(
  method: "GET" | "PUT" | "POST" | "DELETE",
  url: string,
  body?: object,
  cookie = admin.cookie,
) {
  const res = await app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(body ? { payload: body } : {}),
  });
  return { status: res.statusCode, body: res.json<T>() };
}
const shopChart = async (id: string) =>
  (await call<ProductSizeChart>("GET", `/api/products/${id}/size-chart`, undefined, "")).body;
const product = async (id: string) =>
  (await call<Product>("GET", `/api/products/${id}`, undefined, "")).body;

describe("size charts", () => {
  it("inches are cm / 2.54 to one decimal", async () => {
    const { cmToInches, formatMeasurement } = await import("@vastra/contracts");
    expect(cmToInches(91.4)).toBe(36);
    expect(formatMeasurement(76, "in")).toBe("29.9");
    expect(formatMeasurement(91.4, "cm")).toBe("91.4");
  });

  it("a product without any chart answers none", async () => {
    expect(await shopChart(kurta.id)).toEqual({ chart: null, source: null, categoryName: null });
    expect(
      (await call("GET", "/api/products/not-a-product/size-chart", undefined, "")).status,
    ).toBe(404);
  });

  it("the admin writes a category's chart and the shop shows it at once (values to a millimetre)", async () => {
    await shopChart(kurta.id); // kept by the read model
    const saved = await call<{ message: string; chart: SizeChart }>(
      "PUT",
      `/api/admin/categories/${kurtas.id}/size-chart`,
      { chart: kurtaChart },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(SIZE_CHART_MESSAGES.saved);
    expect(saved.body.chart.rows[1]!.values).toEqual([91.4, 76, 109]);
    const shown = await shopChart(kurta.id);
    expect(shown.source).toBe("category");
    expect(shown.categoryName).toBe("Kurtas");
    expect(shown.chart?.columns).toEqual(["Bust", "Waist", "Length"]);
    // The saree's first category (Sarees) has none: its second one's chart is used.
    expect((await shopChart(saree.id)).categoryName).toBe("Kurtas");
    const own = await call<{ chart: SizeChart | null }>(
      "GET",
      `/api/admin/categories/${kurtas.id}/size-chart`,
    );
    expect(own.body.chart?.rows).toHaveLength(3);
  });

  it("the product's own chart wins over its category's, and removing it falls back", async () => {
    const blouse: SizeChart = {
      columns: ["Bust", "Shoulder"],
      rows: [{ size: "Free Size", values: [86, 36] }],
    };
    const category = await call("PUT", `/api/admin/categories/${sarees.id}/size-chart`, {
      chart: { columns: ["Blouse length"], rows: [{ size: "Free Size", values: [38] }] },
    });
    expect(category.status).toBe(200);
    expect((await shopChart(saree.id)).categoryName).toBe("Sarees");
    const put = await call("PUT", `/api/admin/products/${saree.id}/size-chart`, { chart: blouse });
    expect(put.status).toBe(200);
    const shown = await shopChart(saree.id);
    expect(shown).toEqual({ chart: blouse, source: "product", categoryName: null });
    const removed = await call<{ message: string }>(
      "DELETE",
      `/api/admin/products/${saree.id}/size-chart`,
    );
    expect(removed.body.message).toBe(SIZE_CHART_MESSAGES.removed);
    expect((await shopChart(saree.id)).source).toBe("category");
    expect((await shopChart(saree.id)).chart?.columns).toEqual(["Blouse length"]);
  });

  it.each([
    [{ columns: [], rows: [{ size: "S", values: [] }] }, SIZE_CHART_MESSAGES.columnsRequired],
    [{ columns: ["Bust"], rows: [] }, SIZE_CHART_MESSAGES.rowsRequired],
    [{ columns: ["Bust"], rows: [{ size: "S", values: [0] }] }, SIZE_CHART_MESSAGES.value],
    [{ columns: ["Bust"], rows: [{ size: "S", values: [300.5] }] }, SIZE_CHART_MESSAGES.value],
    [{ columns: ["Bust"], rows: [{ size: "S", values: [-4] }] }, SIZE_CHART_MESSAGES.value],
    [
      { columns: ["Bust", "Waist"], rows: [{ size: "S", values: [80] }] },
      SIZE_CHART_MESSAGES.valueCount,
    ],
    [
      { columns: ["Bust", "bust"], rows: [{ size: "S", values: [80, 81] }] },
      SIZE_CHART_MESSAGES.columnDuplicate,
    ],
    [
      {
        columns: ["Bust"],
        rows: [
          { size: "S", values: [80] },
          { size: "s", values: [81] },
        ],
      },
      SIZE_CHART_MESSAGES.sizeDuplicate,
    ],
    [{ columns: [" "], rows: [{ size: "S", values: [80] }] }, SIZE_CHART_MESSAGES.columnName],
    [{ columns: ["Bust"], rows: [{ size: "", values: [80] }] }, SIZE_CHART_MESSAGES.sizeName],
  ])(
    "a bad chart is refused with a clear message and nothing changes (%#)",
    async (chart, message) => {
      const before = await call<{ chart: SizeChart | null }>(
        "GET",
        `/api/admin/categories/${kurtas.id}/size-chart`,
      );
      const res = await call<{ message: string; errors?: Record<string, string> }>(
        "PUT",
        `/api/admin/categories/${kurtas.id}/size-chart`,
        { chart },
      );
      expect(res.status).toBe(400);
      expect([res.body.message, ...Object.values(res.body.errors ?? {})]).toContain(message);
      const after = await call<{ chart: SizeChart | null }>(
        "GET",
        `/api/admin/categories/${kurtas.id}/size-chart`,
      );
      expect(after.body).toEqual(before.body);
    },
  );

  it("only an admin edits charts; an unknown owner is 404", async () => {
    const res = await call(
      "PUT",
      `/api/admin/categories/${kurtas.id}/size-chart`,
      { chart: kurtaChart },
      shopper.cookie,
    );
    expect(res.status).toBe(403);
    const missing = await call<{ message: string }>(
      "PUT",
      "/api/admin/products/00000000-0000-4000-8000-000000000000/size-chart",
      { chart: kurtaChart },
    );
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(SIZE_CHART_MESSAGES.productNotFound);
  });
});

describe("fit from reviews", () => {
  it("a shopper without a delivered order may review but not answer the fit questions", async () => {
    const question = await call<FitQuestion>(
      "GET",
      `/api/reviews/${kurta.id}/fit-question`,
      undefined,
      shopper.cookie,
    );
    expect(question.body).toEqual({
      verifiedBuyer: false,
      sizeBought: null,
      sizes: ["S", "M", "L"],
    });
    const refused = await call<{ message: string }>(
      "POST",
      "/api/reviews",
      { productId: kurta.id, rating: 4, comment: "Nice", fit: "runs_small", sizeBought: "M" },
      shopper.cookie,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(SIZE_CHART_MESSAGES.fitNotVerified);
    expect((await product(kurta.id)).reviewCount).toBe(0);
  });

  it("a verified buyer answers; the size is prefilled from the order and must be one of the product's", async () => {
    await createOrder(db, {
      userId: shopper.id,
      items: [{ productId: kurta.id, size: "L" }],
      status: "delivered",
    });
    const question = await call<FitQuestion>(
      "GET",
      `/api/reviews/${kurta.id}/fit-question`,
      undefined,
      shopper.cookie,
    );
    expect(question.body).toMatchObject({ verifiedBuyer: true, sizeBought: "L" });
    const badSize = await call<{ message: string; errors: Record<string, string> }>(
      "POST",
      "/api/reviews",
      { productId: kurta.id, rating: 4, comment: "Nice", fit: "runs_small", sizeBought: "XXL" },
      shopper.cookie,
    );
    expect(badSize.status).toBe(400);
    expect(badSize.body.errors.sizeBought).toBe(SIZE_CHART_MESSAGES.sizeBoughtUnknown);
    const created = await call<Review>(
      "POST",
      "/api/reviews",
      {
        productId: kurta.id,
        rating: 4,
        comment: "Snug at the bust",
        fit: "runs_small",
        sizeBought: "l",
      },
      shopper.cookie,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ fit: "runs_small", sizeBought: "L", verifiedBuyer: true });
    expect((await product(kurta.id)).fit).toEqual({ runsSmall: 1, trueToSize: 0, runsLarge: 0 });
  });

  it("the aggregate shows from 5 answers and follows each new review (runs small → one size up)", async () => {
    // Four more verified buyers: 3 runs small, 1 true to size, then the fifth answer.
    const p = await createProduct(db, { title: "Anarkali Kurta", sizes: ["S", "M"] });
    const buyers = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => createUser(db, { name: `Buyer ${i}` })),
    );
    for (const b of buyers)
      await createOrder(db, {
        userId: b.id,
        items: [{ productId: p.id, size: "M" }],
        status: "delivered",
      });
    const answers = [
      "runs_small",
      "runs_small",
      "true_to_size",
      "runs_small",
      "true_to_size",
    ] as const;
    for (const [i, fit] of answers.entries()) {
      const res = await call(
        "POST",
        "/api/reviews",
        { productId: p.id, rating: 4, comment: `Review ${i}`, fit },
        buyers[i]!.cookie,
      );
      expect(res.status).toBe(201);
      const shown = fitSummary((await product(p.id)).fit);
      if (i < 4) expect(shown).toBeNull();
      else {
        expect(shown?.text).toBe("Fit: 40 % true to size (5)");
        expect(shown?.advice).toBe("Consider one size up");
      }
    }
    // A review without a fit answer does not count.
    const other = await createUser(db);
    await createReview(db, { productId: p.id, userId: other.id });
    expect((await product(p.id)).fit).toEqual({ runsSmall: 3, trueToSize: 2, runsLarge: 0 });
  });

  it("runs large leading by 20 points advises one size down; under 20 points, no advice", async () => {
    expect(fitSummary({ runsSmall: 0, trueToSize: 4, runsLarge: 1 })?.advice).toBe(
      "Consider one size down",
    ); // 20 points
    expect(fitSummary({ runsSmall: 0, trueToSize: 5, runsLarge: 1 })?.advice).toBeNull(); // 16.7 points
    expect(fitSummary({ runsSmall: 1, trueToSize: 6, runsLarge: 3 })?.advice).toBe(
      "Consider one size down",
    );
    expect(fitSummary({ runsSmall: 2, trueToSize: 6, runsLarge: 3 })?.advice).toBeNull();
    const p = await createProduct(db, { title: "Palazzo", sizes: ["M"] });
    const buyers = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(db)));
    const answers = [
      "runs_large",
      "runs_large",
      "true_to_size",
      "true_to_size",
      "true_to_size",
    ] as const;
    for (const [i, b] of buyers.entries()) {
      await createOrder(db, { userId: b.id, items: [{ productId: p.id }], status: "delivered" });
      await call(
        "POST",
        "/api/reviews",
        { productId: p.id, rating: 5, comment: "Fine", fit: answers[i] },
        b.cookie,
      );
    }
    const shown = fitSummary((await product(p.id)).fit);
    expect(shown?.text).toBe("Fit: 60 % true to size (5)");
    expect(shown?.advice).toBe("Consider one size down");
    // An edit changes the figures at once.
    const [first] = (
      await call<Review[]>("GET", `/api/reviews/${p.id}`, undefined, "")
    ).body.filter((r) => r.userId === buyers[0]!.id);
    await call(
      "PUT",
      `/api/reviews/${first!._id}`,
      { rating: 5, comment: "Fine", fit: "true_to_size" },
      buyers[0]!.cookie,
    );
    expect(fitSummary((await product(p.id)).fit)?.text).toBe("Fit: 80 % true to size (5)");
  });
});
