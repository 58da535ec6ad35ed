/**
 * The store's delivery settings and its list of served PINs (issue #14), admin side. The shopper's
 * side is the delivery check in pincode.ts.
 *
 * The settings are one JSON document (the delivery_settings row): later parts of issue #14
 * (shipping charges, cash-on-delivery limits) add their own keys here; stored documents without
 * them read the defaults key by key.
 */
import { codSettingsShape, codSettingsViewShape, DEFAULT_COD_SETTINGS } from "./cod.ts";
import {
  RETURN_MESSAGES,
  RETURN_WINDOW_DAYS_DEFAULT,
  RETURN_WINDOW_DAYS_MAX,
} from "./returns-messages.ts";
import { SHIPPING_MESSAGES, UPI_VPA } from "./shipping.ts";
import { DEFAULT_SHIPPING_RULES } from "./shipping-rules.ts";
import { isCalendarDate } from "./stats.ts";
import { z } from "./zod.ts";

export const DELIVERY_MESSAGES = {
  settingsSaved: "Delivery settings saved",
  holidayDate: "Please enter the holiday's date as YYYY-MM-DD",
  holidayTwice: "Each holiday date may be listed only once",
  cutoffHour: "Please choose a cut-off hour from 0 to 23",
  handlingDays: "Please enter handling days from 0 to 15",
  transitDays: "Please enter transit days from 0 to 30",
  csvEmpty: "The file has no rows. The first line names the columns: pin,zone,transit_days,cod",
  csvUnreadable: "The file could not be read as CSV",
  csvColumns:
    "The first line must name the columns pin, zone, transit_days and cod (serviceable is optional)",
  csvRows: (count: number) =>
    `${count} ${count === 1 ? "row has a problem" : "rows have problems"}; nothing was imported. Please correct ${count === 1 ? "it" : "them"} and import the file again.`,
  imported: (count: number, mode: "replace" | "merge") =>
    mode === "replace"
      ? `Imported ${count} ${count === 1 ? "row" : "rows"}; they replace the earlier list`
      : `Imported ${count} ${count === 1 ? "row" : "rows"} into the list`,
} as const;

/** The most rows one CSV import may hold (every PIN of India is ~19,200). */
export const ZONE_IMPORT_MAX_ROWS = 25_000;
/** Transit days a zone may promise (0: delivered the day it is dispatched). */
export const TRANSIT_DAYS_MAX = 30;
export const HANDLING_DAYS_MAX = 15;

function rupeesField(max: number, message: string) {
  return z.number({ error: message }).int(message).min(0, message).max(max, message);
}

const holidaySchema = z.object({
  date: z
    .string({ error: DELIVERY_MESSAGES.holidayDate })
    .trim()
    .refine(isCalendarDate, DELIVERY_MESSAGES.holidayDate),
  name: z.string().trim().max(80, "Please keep the holiday's name under 80 characters").default(""),
});

/**
 * The settings as the admin sends them. No component id: its input and output forms differ
 * (defaults, sorting), so the OpenAPI document shows it inline as a body; answers use
 * DeliverySettings (deliverySettingsViewSchema).
 */
export const deliverySettingsSchema = z.object({
  /**
   * Orders placed at or after this hour (India time, 0-23) start being handled on the next
   * working day; before it, the same day (when that is a working day).
   */
  cutoffHour: z
    .number({ error: DELIVERY_MESSAGES.cutoffHour })
    .int(DELIVERY_MESSAGES.cutoffHour)
    .min(0, DELIVERY_MESSAGES.cutoffHour)
    .max(23, DELIVERY_MESSAGES.cutoffHour),
  /** Working days between the day handling starts and dispatch (0: dispatched that day). */
  handlingDays: z
    .number({ error: DELIVERY_MESSAGES.handlingDays })
    .int(DELIVERY_MESSAGES.handlingDays)
    .min(0, DELIVERY_MESSAGES.handlingDays)
    .max(HANDLING_DAYS_MAX, DELIVERY_MESSAGES.handlingDays),
  /** Transit days for PINs that no row of the list covers. */
  defaultTransitDays: z
    .number({ error: DELIVERY_MESSAGES.transitDays })
    .int(DELIVERY_MESSAGES.transitDays)
    .min(0, DELIVERY_MESSAGES.transitDays)
    .max(TRANSIT_DAYS_MAX, DELIVERY_MESSAGES.transitDays),
  /** Whether PINs that no row of the list covers are served (false: only the listed ones). */
  serveUnlistedPins: z.boolean(),
  /** Whether cash on delivery is offered for PINs that no row of the list covers. */
  codForUnlistedPins: z.boolean(),
  /** Days nobody handles or delivers, besides Sundays (India's calendar dates). */
  holidays: z
    .array(holidaySchema)
    .max(366, "Please list at most 366 holidays")
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((holiday, index) => {
        if (seen.has(holiday.date)) {
          ctx.addIssue({
            code: "custom",
            path: [index, "date"],
            message: DELIVERY_MESSAGES.holidayTwice,
          });
        }
        seen.add(holiday.date);
      });
    })
    .transform((list) => [...list].sort((a, b) => a.date.localeCompare(b.date))),
  // Shipping charges and UPI (record 0036): defaults, so a client that does not know them yet
  // (and a stored document from before) still validates.
  /** Orders whose items come to this many rupees or more ship free. */
  freeShippingFromRupees: rupeesField(1_000_000, SHIPPING_MESSAGES.threshold).default(999),
  /** Shipping below the threshold, rupees. */
  shippingFeeRupees: rupeesField(10_000, SHIPPING_MESSAGES.fee).default(99),
  /** Added to an order paid by cash on delivery, rupees (the admin may waive it per order). */
  codFeeRupees: rupeesField(10_000, SHIPPING_MESSAGES.fee).default(49),
  /** The store's UPI ID; '' = no UPI link or QR is shown. */
  upiVpa: z
    .string({ error: SHIPPING_MESSAGES.upiVpa })
    .trim()
    .max(300, SHIPPING_MESSAGES.upiVpa)
    .refine((v) => v === "" || UPI_VPA.test(v), SHIPPING_MESSAGES.upiVpa)
    .default(""),
  /** The name UPI apps show the shopper beside the VPA. */
  upiPayeeName: z
    .string({ error: SHIPPING_MESSAGES.payeeName })
    .trim()
    .max(50, SHIPPING_MESSAGES.payeeName)
    .default(""),
  // Cash-on-delivery controls (record 0038).
  ...codSettingsShape,
  /** Days after delivery a shopper may ask for a return or exchange (record 0048). */
  returnWindowDays: z
    .number({ error: RETURN_MESSAGES.windowDays })
    .int(RETURN_MESSAGES.windowDays)
    .min(0, RETURN_MESSAGES.windowDays)
    .max(RETURN_WINDOW_DAYS_MAX, RETURN_MESSAGES.windowDays)
    .default(RETURN_WINDOW_DAYS_DEFAULT),
});
export type DeliverySettings = z.output<typeof deliverySettingsSchema>;
export type DeliverySettingsInput = z.input<typeof deliverySettingsSchema>;

/** The settings as the API answers them (checked on the way in by deliverySettingsSchema). */
export const deliverySettingsViewSchema = z
  .object({
    cutoffHour: z.number().int(),
    handlingDays: z.number().int(),
    defaultTransitDays: z.number().int(),
    serveUnlistedPins: z.boolean(),
    codForUnlistedPins: z.boolean(),
    holidays: z.array(z.object({ date: z.string(), name: z.string() })),
    freeShippingFromRupees: z.number().int(),
    shippingFeeRupees: z.number().int(),
    codFeeRupees: z.number().int(),
    upiVpa: z.string(),
    upiPayeeName: z.string(),
    ...codSettingsViewShape,
    returnWindowDays: z.number().int(),
  })
  .meta({ id: "DeliverySettings" });

/**
 * A new store: orders before 2 pm leave the next working day, every PIN of the directory is served
 * in 5 working days with cash on delivery, no holidays listed yet.
 */
export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  cutoffHour: 14,
  handlingDays: 1,
  defaultTransitDays: 5,
  serveUnlistedPins: true,
  codForUnlistedPins: true,
  holidays: [],
  freeShippingFromRupees: DEFAULT_SHIPPING_RULES.freeShippingFromRupees,
  shippingFeeRupees: DEFAULT_SHIPPING_RULES.shippingFeeRupees,
  codFeeRupees: DEFAULT_SHIPPING_RULES.codFeeRupees,
  upiVpa: "",
  upiPayeeName: "",
  ...DEFAULT_COD_SETTINGS,
  returnWindowDays: RETURN_WINDOW_DAYS_DEFAULT,
};

export const deliverySettingsReplySchema = z.object({
  message: z.string(),
  settings: deliverySettingsViewSchema,
});

/** One row of the list: a PIN (6 digits) or a PIN prefix (1-5 digits) and what it gets. */
export const deliveryZoneSchema = z
  .object({
    /** A whole PIN, or the first 1-5 digits of the PINs it covers (the longest match wins). */
    pattern: z.string(),
    zone: z.string(),
    transitDays: z.number().int(),
    codAllowed: z.boolean(),
    serviceable: z.boolean(),
  })
  .meta({ id: "DeliveryZone" });
export type DeliveryZone = z.infer<typeof deliveryZoneSchema>;

export const deliveryZoneListSchema = z
  .object({ total: z.number().int(), page: z.number().int(), items: z.array(deliveryZoneSchema) })
  .meta({ id: "DeliveryZoneList" });

export const deliveryZoneQuerySchema = z.object({
  /** Rows whose pattern starts with these digits. */
  prefix: z
    .string()
    .trim()
    .regex(/^\d{0,6}$/, "Please enter up to 6 digits")
    .optional(),
  page: z.coerce.number().int().min(1).default(1).catch(1),
});

export const ZONE_IMPORT_MODES = ["replace", "merge"] as const;

/**
 * POST /api/admin/delivery/zones/import: a CSV whose first line names the columns
 * `pin,zone,transit_days,cod[,serviceable]`. "replace" makes the file the whole list; "merge"
 * adds its rows and changes the rows it names.
 */
export const zoneImportSchema = z
  .object({
    csv: z
      .string({ error: DELIVERY_MESSAGES.csvEmpty })
      .max(1_000_000, "The file is too large: at most 1 MB"),
    mode: z.enum(ZONE_IMPORT_MODES).default("replace"),
  })
  .meta({ id: "DeliveryZoneImport" });
export type ZoneImportInput = z.input<typeof zoneImportSchema>;

export const zoneImportReplySchema = z
  .object({ message: z.string(), imported: z.number().int(), total: z.number().int() })
  .meta({ id: "DeliveryZoneImportReply" });
export type ZoneImportReply = z.infer<typeof zoneImportReplySchema>;
