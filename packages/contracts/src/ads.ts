import { z } from "./zod.ts";

export const MAX_HERO_ADS = 4;

/** The advertisement as the home page reads it (storefront.md §3, admin.md §3). */
export const advertisementSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    description: z.string(),
    imageUrl: z.string(),
    buttonText: z.string(),
    buttonLink: z.string(),
    targetPage: z.string(),
    shopFilters: z.object({
      category: z.string().optional(),
      gender: z.string().optional(),
      priceRange: z.string().optional(),
      sortBy: z.string().optional(),
    }),
    isActive: z.boolean(),
    priority: z.number().int().min(1).max(10),
    createdAt: z.string(),
  })
  .meta({ id: "Advertisement" });
export type Advertisement = z.infer<typeof advertisementSchema>;

/** A link opens in a new tab when it starts with http, in the same window otherwise. */
export const opensInNewTab = (link: string) => /^https?:\/\//i.test(link);
