/**
 * Size charts (issue #15, record 0046): one per category, overridable per product. The shop reads
 * a product's chart (its own, else its first category's with one, in the product's category
 * order) from the catalogue read model: the chart is catalogue data, and the size_charts triggers
 * (migration 0024) bump the catalogue version on every write, so a kept answer is never stale.
 */
import type { OwnSizeChart, ProductSizeChart, SizeChart } from "@vastra/contracts";
import { roundChart, SIZE_CHART_MESSAGES } from "@vastra/contracts";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, productCategories, products, sizeCharts } from "../../db/schema.ts";
import { isUuid } from "../catalogue/read.ts";
import { CatalogueReadModel, type ReadyBody } from "../catalogue/read-model.ts";
import { NotFoundError } from "../errors.ts";

export type SizeChartOwner = "category" | "product";

export function createSizeChartService(deps: { db: Db; readModel?: CatalogueReadModel }) {
  const { db } = deps;
  const model = deps.readModel ?? new CatalogueReadModel(false);

  async function assertOwner(owner: SizeChartOwner, id: string): Promise<void> {
    const message =
      owner === "category"
        ? SIZE_CHART_MESSAGES.categoryNotFound
        : SIZE_CHART_MESSAGES.productNotFound;
    if (!isUuid(id)) throw new NotFoundError(message);
    const table = owner === "category" ? categories : products;
    const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
    if (!row) throw new NotFoundError(message);
  }

  const ownerColumn = (owner: SizeChartOwner) =>
    owner === "category" ? sizeCharts.categoryId : sizeCharts.productId;

  async function loadProductChart(id: string): Promise<ProductSizeChart> {
    await assertOwner("product", id);
    const [own] = await db
      .select({ chart: sizeCharts.chart })
      .from(sizeCharts)
      .where(eq(sizeCharts.productId, id));
    if (own) return { chart: own.chart, source: "product", categoryName: null };
    const [fromCategory] = await db
      .select({ chart: sizeCharts.chart, name: categories.name })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .innerJoin(sizeCharts, eq(sizeCharts.categoryId, productCategories.categoryId))
      .where(and(eq(productCategories.productId, id), isNotNull(sizeCharts.categoryId)))
      .orderBy(asc(productCategories.position), asc(categories.name))
      .limit(1);
    if (fromCategory)
      return { chart: fromCategory.chart, source: "category", categoryName: fromCategory.name };
    return { chart: null, source: null, categoryName: null };
  }

  const service = {
    /** The product's chart as ready bytes (kept until the catalogue changes). */
    productChartBody(id: string): Promise<ReadyBody> {
      if (!isUuid(id))
        return Promise.reject(new NotFoundError(SIZE_CHART_MESSAGES.productNotFound));
      const key = `size-chart:${id.toLowerCase()}`;
      return model.single(key, ["catalogue"], () => loadProductChart(id.toLowerCase()));
    },

    async productChart(id: string): Promise<ProductSizeChart> {
      return JSON.parse((await service.productChartBody(id)).json.toString()) as ProductSizeChart;
    },

    /** The owner's own chart (admin): null when it has none. */
    async own(owner: SizeChartOwner, id: string): Promise<OwnSizeChart> {
      await assertOwner(owner, id);
      const [row] = await db
        .select({ chart: sizeCharts.chart })
        .from(sizeCharts)
        .where(eq(ownerColumn(owner), id));
      return { chart: row?.chart ?? null };
    },

    /** Writes (or replaces) the owner's chart; the trigger bumps the catalogue version. */
    async set(owner: SizeChartOwner, id: string, sent: SizeChart): Promise<SizeChart> {
      await assertOwner(owner, id);
      const chart = roundChart(sent);
      const values = owner === "category" ? { categoryId: id, chart } : { productId: id, chart };
      await db
        .insert(sizeCharts)
        .values(values)
        .onConflictDoUpdate({
          target: ownerColumn(owner),
          set: { chart, updatedAt: new Date() },
        });
      return chart;
    },

    async remove(owner: SizeChartOwner, id: string): Promise<void> {
      await assertOwner(owner, id);
      await db.delete(sizeCharts).where(eq(ownerColumn(owner), id));
    },
  };
  return service;
}
export type SizeChartService = ReturnType<typeof createSizeChartService>;
