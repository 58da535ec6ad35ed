import {
  DELIVERY_MESSAGES,
  deliveryCheckSchema,
  deliverySettingsReplySchema,
  deliverySettingsSchema,
  deliverySettingsViewSchema,
  deliveryZoneListSchema,
  deliveryZoneQuerySchema,
  errorSchema,
  pinParamsSchema,
  shippingRulesSchema,
  zoneImportReplySchema,
  zoneImportSchema,
} from "@vastra/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../http/auth.ts";
import type { DeliveryService } from "../services/delivery/index.ts";

const adminErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

/** Delivery by PIN code (issue #14): the shopper's check, and the admin's settings and list. */
export const deliveryRoutes: FastifyPluginAsyncZod<{ delivery: DeliveryService }> = async (
  app,
  { delivery },
) => {
  app.get(
    "/delivery/charges",
    {
      config: { auth: "public" },
      schema: {
        tags: ["delivery"],
        summary: "Shipping charges, the cash-on-delivery fee and the store's UPI payee",
        description:
          "Orders whose items come to `freeShippingFromRupees` or more ship free, else `shippingFeeRupees`; " +
          "cash on delivery adds `codFeeRupees`. `upi` is null when the store has no UPI ID set (record 0036).",
        response: { 200: shippingRulesSchema },
      },
    },
    async () => delivery.shippingRules(),
  );

  app.get(
    "/delivery/:pin",
    {
      config: { auth: "public" },
      schema: {
        tags: ["delivery"],
        summary:
          "Where a PIN code is, whether the store delivers there, with cash on delivery, and by when",
        description:
          "Area(s), district and state (with its GST state code) from India Post's directory; served or not by " +
          "the store's list of PINs and prefixes (the PIN's own row, else its longest prefix, else the default); " +
          "`deliveryBy` is India's calendar date for an order placed now (cut-off hour, handling days, the " +
          "zone's transit days, no Sundays or holidays). 400 for a malformed PIN; 429 after many checks from one address.",
        params: pinParamsSchema,
        response: { 200: deliveryCheckSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => delivery.check(request.params.pin, request.ip),
  );

  const tags = ["admin: delivery"];
  const config = { auth: "admin" as const };

  app.get(
    "/admin/delivery/settings",
    {
      config,
      schema: {
        tags,
        summary: "The delivery settings: cut-off hour, handling days, holidays, defaults (admin)",
        response: { 200: deliverySettingsViewSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => delivery.getSettings(),
  );

  app.put(
    "/admin/delivery/settings",
    {
      config,
      schema: {
        tags,
        summary: "Change the delivery settings (admin)",
        body: deliverySettingsSchema,
        response: { 200: deliverySettingsReplySchema, ...adminErrors },
      },
    },
    async (request) => ({
      message: DELIVERY_MESSAGES.settingsSaved,
      settings: await delivery.updateSettings(request.body, currentUser(request).id),
    }),
  );

  app.get(
    "/admin/delivery/zones",
    {
      config,
      schema: {
        tags,
        summary: "The list of served PINs and PIN prefixes, 50 a page (admin)",
        querystring: deliveryZoneQuerySchema,
        response: { 200: deliveryZoneListSchema, ...adminErrors },
      },
    },
    async (request) => delivery.listZones(request.query),
  );

  app.post(
    "/admin/delivery/zones/import",
    {
      config,
      schema: {
        tags,
        summary: "Import a CSV of served PINs and prefixes (admin)",
        description:
          "The first line names the columns `pin,zone,transit_days,cod` (and optionally `serviceable`, y when absent): " +
          "`pin` a whole PIN or a prefix of 1-5 digits, `transit_days` 0-30 working days, `cod` and `serviceable` y/n. " +
          "Every row is checked first: any bad row answers 400 with `errors` naming each line (`line 7`), and " +
          "nothing is imported. `replace` (default) makes the file the whole list; `merge` adds and updates rows.",
        body: zoneImportSchema,
        response: { 200: zoneImportReplySchema, ...adminErrors },
      },
    },
    async (request) => delivery.importZones(request.body.csv, request.body.mode),
  );
};
